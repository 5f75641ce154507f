/** English messages: App shell, header, roles, not found, install prompt, chat, toasts and generic errors. Spec strings are verbatim. */
export const shell = {
  // App shell
  'app.name': 'KWT Delivery',
  'app.loading': 'Loading KWT Delivery...',
  'app.tagline': 'Delivery fleet management for Kuwait and the UAE',

  // Header
  'nav.home': 'Home',
  'nav.admin': 'Admin',
  'nav.company': 'Company',
  'nav.rider': 'Rider',
  'nav.support': 'Support',
  'nav.contact': 'Contact',
  'nav.signIn': 'Sign In',
  'nav.logout': 'Logout',
  'nav.menu': 'Menu',
  'theme.toggle': 'Toggle dark mode',

  // Roles
  'role.admin': 'Administrator',
  'role.company': 'Company Manager',
  'role.rider': 'Delivery Rider',
  'role.portalRestricted': 'Portal Restricted',
  'badge.systemOnline': 'System Online',

  // Not found
  'notFound.title': '404 Page Not Found',
  'notFound.text': "The page you're looking for doesn't exist or you may need to log in.",
  'notFound.home': 'Go Home',
  'notFound.login': 'Sign In',

  // Install prompt
  'install.title': 'Install KWT Delivery',
  'install.text': 'Add the app to your home screen for quick access and offline use.',
  'install.install': 'Install App',
  'install.later': 'Later',

  // Chat widget
  'chat.open': 'Open chat',
  'chat.title': 'KWT Delivery Assistant',
  'chat.minimize': 'Minimize chat',
  'chat.close': 'Close chat',
  'chat.greeting': 'Hello! I can tell you about KWT Delivery, our pricing and the regions we serve.',
  'chat.placeholder': 'Type your message...',
  'chat.send': 'Send',
  'chat.inputLabel': 'Message to the assistant',
  'chat.typing': 'The assistant is typing...',
  'chat.expand': 'Expand chat',
  'chat.supportPage': 'Tickets and downloads on the Support page',

  // Toasts
  'toast.close': 'Close',

  // Generic / server errors (codes rendered by the client)
  'error.generic': 'Something went wrong. Please try again.',
  'error.BAD_REQUEST': 'Invalid input',
  'error.UNAUTHORIZED': 'You need to sign in',
  'error.FORBIDDEN': 'You do not have permission to do that',
  'error.NOT_FOUND': 'Not found',
  'error.TOO_MANY_REQUESTS': 'Too many attempts. Please try again later.',
  'error.network': 'Network error. Please try again.',

  // Language switch (the names are each language's own)
  'lang.switch': 'Language: {language}. Switch to {other}',
  'lang.name.en': 'English',
  'lang.name.ar': 'العربية',
} as const;
