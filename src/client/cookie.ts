/** A first-party cookie the server reads on the next page: the whole site, a year, not sent on cross-site requests. */
export function rememberInCookie(name: string, value: string): void {
  if (typeof document !== 'undefined') document.cookie = `${name}=${value}; path=/; max-age=31536000; samesite=lax`;
}
