/** English messages: account security (password policy, change, reset links, sign out everywhere). */
export const account = {
  // Password policy (src/shared/schemas/auth.ts, src/server/services/identity/password-policy.ts)
  'password.tooShort': 'Use at least 10 characters: a few unrelated words make a good passphrase.',
  'password.tooLong': 'Use at most 200 characters.',
  'password.common': 'This password is on a list of common, breached passwords. Choose another one: a few unrelated words work well.',
  'password.personal': 'Do not use your email address or your name as your password.',
  'password.hint': 'At least 10 characters. Spaces are welcome: a short sentence makes a good password.',
  'password.mismatch': 'The two passwords do not match.',
  'password.show': 'Show passwords',

  // Server answers
  'account.currentWrong': 'Your current password is incorrect.',
  'account.tooManyAttempts': 'Too many attempts. Please wait a few minutes and try again.',
  'account.userNotFound': 'Account not found',
  'reset.unknown': 'This reset link is not valid. Ask your administrator for a new one.',
  'reset.used': 'This reset link has already been used. Ask your administrator for a new one.',
  'reset.expired': 'This reset link has expired. Ask your administrator for a new one.',
  'reset.userDisabled': 'This account is suspended: reactivate it before issuing a reset link.',

  // Account & security page (/account)
  'account.nav': 'Account & security',
  'account.title': 'Account & security',
  'account.subtitle': 'Your password and the devices signed in to your account.',
  'account.signedInAs': 'Signed in as {email}',
  'account.change.title': 'Change password',
  'account.change.current': 'Current password',
  'account.change.new': 'New password',
  'account.change.confirm': 'Confirm new password',
  'account.change.submit': 'Change password',
  'account.change.pending': 'Saving...',
  'account.change.done': 'Password changed. Your other devices have been signed out and your API tokens revoked.',
  'account.everywhere.title': 'Sign out everywhere',
  'account.everywhere.text': 'Ends every session of your account on every device, this one included, and revokes your API tokens. You will need to sign in again.',
  'account.everywhere.submit': 'Sign out everywhere',
  'account.everywhere.confirm': 'Sign out of every device, this one included?',
  'account.everywhere.cancel': 'Cancel',
  'account.everywhere.done': 'You have been signed out on every device.',
  'account.failed': 'Could not save',

  // Reset page (/reset/$token)
  'reset.title': 'Set a new password',
  'reset.subtitle': 'Choose a new password for your KWT Delivery account.',
  'reset.submit': 'Set password and sign in',
  'reset.pending': 'Saving...',
  'reset.success': 'Your new password is set, {firstName}.',

  // Admin: Accounts tab and reset links
  'oversight.tab.accounts': 'Accounts',
  'accounts.allRoles': 'All roles',
  'accounts.role': 'Role',
  'accounts.suspended': 'Suspended',
  'accounts.noPassword': 'No password yet',
  'accounts.resetLink': 'Reset link',
  'accounts.reset.title': 'Password reset link',
  'accounts.reset.text': 'Create a one-time link for {email} to choose a new password. It expires after 60 minutes, and using it signs the account out on every device and revokes its API tokens.',
  'accounts.reset.create': 'Create link',
  'accounts.reset.creating': 'Creating...',
  'accounts.reset.once': 'Copy this link now and send it to the user: it is shown only once.',
  'accounts.reset.copy': 'Copy',
  'accounts.reset.copied': 'Copied',
  'accounts.reset.expires': 'Valid until {when}, for one use.',
  'accounts.reset.failed': 'Could not create the link',
} as const;
