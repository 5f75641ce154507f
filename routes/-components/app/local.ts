import { useSyncExternalStore } from 'react';
import { rememberInCookie } from '../../../src/client/cookie';
import { RIDER_STATE_COOKIE } from '../../../src/shared/rider-first-screen';

/** A value kept in localStorage that components can watch; one instance per key. */
export interface Local<T> {
  get(): T;
  set(next: T | ((prev: T) => T)): void;
  subscribe(listener: () => void): () => void;
}

const stores = new Map<string, Local<unknown>>();

let marked = false;
/**
 * This browser now holds rider-app state: boot.js will not keep a server rendering of the app (its first render here
 * differs), so the server is told not to make one (RIDER_STATE_COOKIE).
 */
export function markRiderState(): void {
  if (marked) return;
  marked = true;
  rememberInCookie(RIDER_STATE_COOKIE, '1');
}

/** Forget every store (the server's renderer, routes/-ssr/render-worker.tsx, after each rider: nothing is kept). */
export function forgetLocalStores(): void {
  stores.clear();
}

function read<T>(key: string, fallback: T): T {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function local<T>(key: string, fallback: T): Local<T> {
  const existing = stores.get(key);
  if (existing) return existing as Local<T>;
  let value = read(key, fallback);
  const listeners = new Set<() => void>();
  const store: Local<T> = {
    get: () => value,
    set(next) {
      value = typeof next === 'function' ? (next as (p: T) => T)(value) : next;
      try {
        localStorage.setItem(key, JSON.stringify(value));
        markRiderState();
      } catch {
        // Storage full or disabled: the value still lives for this page.
      }
      listeners.forEach((l) => l());
    },
    subscribe(l) {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  stores.set(key, store as Local<unknown>);
  return store;
}

export function useLocal<T>(store: Local<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
