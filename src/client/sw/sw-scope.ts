/**
 * The service worker's global, typed here: the project compiles against the DOM library, which has no
 * ServiceWorkerGlobalScope, and adding the WebWorker library to the same program clashes with it.
 */
export interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
/** Background Sync (Chromium): fired when a registered tag may run, again with back-off while its promise rejects. */
export interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
  readonly lastChance: boolean;
}
interface ExtendableMessageEvent extends ExtendableEvent {
  readonly data: unknown;
}
interface WindowClientLike {
  postMessage(message: unknown): void;
}

export interface ServiceWorkerScope {
  readonly location: Location;
  skipWaiting(): Promise<void>;
  readonly clients: { matchAll(options?: { type?: 'window'; includeUncontrolled?: boolean }): Promise<WindowClientLike[]> };
  addEventListener(type: 'sync', listener: (event: SyncEvent) => void): void;
  addEventListener(type: 'message', listener: (event: ExtendableMessageEvent) => void): void;
}

export const sw = globalThis as unknown as ServiceWorkerScope;
