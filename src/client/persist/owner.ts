/**
 * Whose rider data this browser keeps (the persisted query cache, src/client/persist/rider-cache.ts, and the rider
 * app's local state). A small synchronous record in localStorage, part of the first download, so that the session
 * check can tell at once that a cache is another user's, or has to go, without loading the persistence code.
 */
const OWNER_KEY = 'kwt.cacheOwner';

/** The rider portals: where a rider's cached data is restored and the offline sign-in rule applies. */
export function isRiderPortal(pathname: string): boolean {
  return /^\/(app|rider)(\/|$)/.test(pathname);
}

export function cacheOwner(): string | null {
  try {
    return localStorage.getItem(OWNER_KEY);
  } catch {
    return null;
  }
}

export function setCacheOwner(userId: string | null): void {
  try {
    if (userId === null) localStorage.removeItem(OWNER_KEY);
    else localStorage.setItem(OWNER_KEY, userId);
  } catch {
    /* storage disabled: nothing is kept either */
  }
}

/**
 * The server's answer about the session (a user, or null for no valid session): anything kept for another user,
 * or for a session that is gone, is wiped before it can be shown. The wiping code loads only when there is
 * something to wipe.
 */
export function afterSessionAnswer(user: { id: string } | null): Promise<void> | null {
  const owner = cacheOwner();
  if (owner === null || user?.id === owner) return null;
  setCacheOwner(null);
  return import('./wipe').then((m) => m.wipeRiderData(owner));
}
