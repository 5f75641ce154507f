/**
 * The login page's `?error=` values (no zod here: the login page's first download stays small).
 * 'oauth': Google sign-in failed; 'too-many': the Google callback was refused by its rate limit (wait and retry).
 */
export const LOGIN_ERROR_OAUTH = 'oauth';
export const LOGIN_ERROR_TOO_MANY = 'too-many';
