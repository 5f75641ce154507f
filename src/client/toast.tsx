import { useSyncExternalStore } from 'react';
import { ToastView } from './ToastView';

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
  const item = useSyncExternalStore(subscribe, () => current, () => null);
  if (!item) return null;
  // In the first download, not fetched with the first toast: a toast is often what the rider sees offline
  // ("Data Recorded Locally"), where a chunk that was never fetched would fail the whole page.
  return <ToastView item={item} />;
}
