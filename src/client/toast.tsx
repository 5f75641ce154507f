import { lazy, Suspense, useSyncExternalStore } from 'react';

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

/** The toast's markup is fetched with the first toast: no page shows one on its first screen. */
const ToastView = lazy(() => import('./ToastView').then((m) => ({ default: m.ToastView })));

export function Toaster() {
  const item = useSyncExternalStore(subscribe, () => current, () => null);
  if (!item) return null;
  return (
    <Suspense fallback={null}>
      <ToastView item={item} />
    </Suspense>
  );
}
