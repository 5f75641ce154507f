/**
 * Whether a GET navigation comes from this app itself (our own Logout link) or from the user typing or
 * bookmarking the address, and not from another site linking here: a GET that changes state (sign-out)
 * is done only then (issue 22 item 6).
 *
 * Fetch Metadata first: `Sec-Fetch-Site` is set by the browser and cannot be forged by a page. `same-origin`
 * (our link) and `none` (typed, bookmarked) pass; `cross-site` and `same-site` (a sibling subdomain is
 * another app) do not. A browser without Fetch Metadata (Safari before 16.4) still sends `Referer` for a
 * same-origin navigation under our `strict-origin-when-cross-origin` policy, so a Referer of this origin
 * passes; anything else (no header at all: curl, a script, a link with `rel=noreferrer`) does not, and
 * must use the POST (`POST /api/auth/logout`, `auth.logout`), which the Origin check guards.
 */
export function isOwnNavigation(h: { secFetchSite?: string; referer?: string }, ownOrigin: string): boolean {
  const site = h.secFetchSite?.trim().toLowerCase();
  if (site) return site === 'same-origin' || site === 'none';
  if (!h.referer) return false;
  try {
    return new URL(h.referer).origin === ownOrigin;
  } catch {
    return false;
  }
}
