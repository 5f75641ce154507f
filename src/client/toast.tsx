import { useSyncExternalStore } from 'react';
import { useT } from './i18n';
import { Icon } from './ui/Icon';

/** Spec section 9: one toast at a time, shown for 5000 ms. */
export const TOAST_DURATION_MS = 5000;

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

let current: Toast | null = null;
let seq = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function toast(t: Omit<Toast, 'id'>): void {
  current = { ...t, id: ++seq };
  clearTimeout(timer);
  timer = setTimeout(dismissToast, TOAST_DURATION_MS);
  emit();
}

export function dismissToast(): void {
  current = null;
  clearTimeout(timer);
  emit();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function Toaster() {
  const t = useT();
  const item = useSyncExternalStore(subscribe, () => current, () => null);
  if (!item) return null;
  const tone =
    item.variant === 'destructive' ? 'alert-error' : item.variant === 'success' ? 'alert-success' : 'bg-base-100 border-base-300';
  return (
    <div className="toast toast-top toast-center z-[100] w-full max-w-md px-3 sm:toast-end sm:toast-bottom">
      <div
        role={item.variant === 'destructive' ? 'alert' : 'status'}
        aria-live={item.variant === 'destructive' ? 'assertive' : 'polite'}
        data-testid="toast"
        className={`alert ${tone} flex items-start gap-3 whitespace-normal border shadow-lg`}
      >
        <div className="min-w-0 flex-1 text-start">
          <p className="font-semibold" data-testid="toast-title">
            {item.title}
          </p>
          {item.description ? (
            <p className="text-sm opacity-90" data-testid="toast-description">
              {item.description}
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={t('toast.close')} onClick={dismissToast}>
          <Icon name="close" className="size-4" />
        </button>
      </div>
    </div>
  );
}
