/** English messages: company managers' accounts (invitations from the admin, second managers, suspension). */
export const managers = {
  // Server answers
  'managers.notManager': 'This account is not a company manager.',
  'managers.alreadySignedIn': '{email} has already signed in, so a new invitation is not needed. If they lost their password, create a reset link.',
  'managers.suspendedNoInvite': 'This manager is suspended: reinstate them before issuing an invitation.',
  'managerInvite.unknown': 'This invitation link is not valid. Ask your administrator for a new one.',
  'managerInvite.used': 'This invitation link has already been used. Sign in with your password, or ask your administrator for a new link.',
  'managerInvite.expired': 'This invitation link has expired. Ask your administrator for a new one.',
  'login.failed.suspended': 'This account is suspended and cannot sign in. Contact your administrator.',

  // E-mail (English then Arabic in one message)
  'managers.mail.subject': 'Your KWT Delivery account for {company}',
  'managers.mail.body':
    'Hello {name},\n\nAn account was created for you to manage {company} on KWT Delivery. Open this link to choose your password and sign in:\n\n{link}\n\nThe link works once and expires in {days} days. If it has expired, ask your administrator for a new one.',

  // The admin's invitation (Add Company, Add manager, New invitation)
  'managers.invite.title': 'Invitation for {name}',
  'managers.invite.created': '{company} was added with a manager account for {email}.',
  'managers.invite.once': 'Copy or share this link with the manager now: it is shown only once.',
  'managers.invite.label': 'Invitation link',
  'managers.invite.expires': 'Works once, until {when}.',
  'managers.invite.emailed': 'The invitation was also e-mailed to {email}.',
  'managers.invite.notEmailed': 'No e-mail was sent: share the link yourself.',
  'managers.invite.whatsapp': 'Share on WhatsApp',
  'managers.invite.message': 'Hi {name}, set your password for the {company} account on KWT Delivery here: {link}',
  'managers.invite.done': 'Done',

  // Accounts tab
  'managers.companyForm.emailHint': 'The company manager signs in with this email and gets a one-time link to choose a password.',
  'managers.add': 'Add manager',
  'managers.add.title': 'Add a company manager',
  'managers.add.text': 'The new manager gets their own account for the chosen company and a one-time link to set a password.',
  'managers.add.submit': 'Add and create link',
  'managers.add.failed': 'Could not add the manager',
  'managers.reissue': 'New invitation',
  'managers.reissue.title': 'New invitation link',
  'managers.reissue.text': 'Create a new one-time link for {email} to set a password. The earlier link stops working.',
  'managers.reissue.create': 'Create link',
  'managers.reissue.failed': 'Could not create the invitation',
  'managers.neverSignedIn': 'Never signed in',
  'managers.suspend': 'Suspend',
  'managers.reinstate': 'Reinstate',
  'managers.suspend.title': 'Suspend this manager',
  'managers.suspend.confirm': 'Suspend {email}? They are signed out everywhere and cannot sign in until reinstated.',
  'managers.suspended': '{email} is suspended and was signed out.',
  'managers.reinstated': '{email} can sign in again.',
  'managers.status.failed': 'Could not change the account',

  // The invitation page (/company-invite/$token)
  'managerInvite.title': 'Welcome to KWT Delivery',
  'managerInvite.subtitle': 'Choose a password to sign in to your company portal.',
} as const;
