/** English messages: the sales and support assistants, their prompts for Claude, and the sales e-mails (issue 7). */
export const assistant = {
  // Visitor sales chat: answers
  'assistant.sales.greeting': "Hello! I'm the KWT Delivery assistant. I can tell you about our features, pricing and the regions we serve.",
  'assistant.sales.features':
    'KWT Delivery runs your whole fleet: real-time analytics, OCR of receipts and odometer readings, live GPS tracking, an installable app (PWA) riders use offline, Google Sheets sync and cash-on-delivery (COD) tracking from collection to hand-over.',
  'assistant.sales.feature.analytics': 'Real-time analytics: live figures for orders, revenue, completion rate and riders on duty, plus monthly financial, HR, legal and performance analyses.',
  'assistant.sales.feature.ocr': 'OCR: riders photograph odometers, receipts and cash slips, and the readings are filled in for them, on the server, with no third-party service.',
  'assistant.sales.feature.gps': "GPS tracking: see every rider on duty on a live map, with today's trail, and share a tracking link with your customers.",
  'assistant.sales.feature.pwa': 'Installable PWA: riders install the app from the browser on any phone; it keeps working offline and syncs when the signal returns.',
  'assistant.sales.feature.sheets': 'Google Sheets: sync your companies, riders and orders to a spreadsheet you own, or import orders from CSV.',
  'assistant.sales.feature.cash': 'COD cash: every cash collection is recorded per order, riders hand cash over in the app, and you see who holds what.',
  'assistant.sales.pricing': 'Our plans, per month: {plans}. Every plan starts with a {trialDays}-day free trial, with no card needed.',
  'assistant.sales.plan.priced': '{name} (up to {riders} riders): {kwd} or {aed}',
  'assistant.sales.plan.custom': '{name} (unlimited riders, dedicated support): custom pricing',
  'assistant.sales.plan.starter': 'Starter',
  'assistant.sales.plan.growth': 'Growth',
  'assistant.sales.plan.enterprise': 'Enterprise',
  'assistant.sales.regions':
    'We serve Kuwait (KWD, Asia/Kuwait time) and the UAE (AED, Asia/Dubai time). Amounts are kept to the fils: 3 decimals for KWD, 2 for AED.',
  'assistant.sales.demo': "I'd be glad to set up a demo: our sales team will arrange it with you.",
  'assistant.sales.thanks': "You're welcome!",
  'assistant.sales.fallback': 'I can help with our features, pricing and the regions we serve (Kuwait and the UAE). What would you like to know?',

  // Visitor sales chat: collecting the visitor's details
  'assistant.sales.nice': 'Nice to meet you, {name}!',
  'assistant.sales.ask.name': 'May I have your name?',
  'assistant.sales.ask.company': 'Which company are you with?',
  'assistant.sales.ask.email': "What's the best email address to reach you?",
  'assistant.sales.ask.phone': "If you'd like a call, share a phone number with the country code (e.g., +96512345678).",
  'assistant.sales.noted': "Thank you, I've noted that.",
  'assistant.sales.badEmail': "That email address doesn't look right. Could you check it?",
  'assistant.sales.complete': 'Thank you, {name}! Our sales team will contact {company} at {email} within 24 hours.',
  'assistant.sales.error': "I'm sorry, I'm having trouble connecting right now. Please try again in a moment, or use our contact form.",

  // Support chat
  'assistant.support.help.admin':
    'I can answer about the whole system: figures, companies, riders, orders, cash, rider performance and tickets, and produce the manager report or a financial, HR, legal or performance analysis.',
  'assistant.support.help.company':
    "I can answer about your company's fleet: figures, riders, orders, cash, rider performance and tickets, and produce the manager report or a financial, HR, legal or performance analysis.",
  'assistant.support.help.rider':
    'I can answer about your own work: your figures, orders, cash, performance and tickets, and produce your report or a financial, HR, legal or performance analysis.',
  'assistant.support.notAllowed': "That isn't available to your account.",
  'assistant.support.more': 'and {n} more',
  'assistant.support.report': 'Your manager report for {scope} is ready. Use the download link below.',
  'assistant.support.reportTitle': 'Manager report',
  'assistant.support.pickAnalysis': 'Which analysis would you like: financial, HR, legal or performance?',
  'assistant.support.error': "I'm sorry, I encountered an issue while answering. Please try again in a moment.",

  // Instructions for Claude
  'assistant.prompt.sales':
    'You are the sales assistant of KWT Delivery, a delivery-fleet portal and rider app for Kuwait and the UAE. Answer visitors briefly (at most 4 sentences), in plain text, only from the facts below; never invent prices or features. Facts: {facts}',
  'assistant.prompt.collect':
    'Details the visitor has given: {known}. Still missing: {missing}. End your answer by asking, politely, for {next} only.',
  'assistant.prompt.collected': 'The visitor has given their name, company and email: {known}. Do not ask for them again.',
  'assistant.prompt.support':
    "You are the support assistant of KWT Delivery. You help {name}, signed in as {role}{company}. Answer in plain text, briefly, using the tools for any figure: never guess a number, and never talk about data outside the user's scope (the tools enforce it). Money: KWD has 3 decimals, AED 2. Today is {today}.",

  // E-mails to the sales inbox
  'mail.lead.subject': 'New lead: {name} ({company})',
  'mail.lead.intro': 'The website chat collected a new lead.',
  'mail.contact.subject': 'Contact form ({inquiryType}): {name}',
  'mail.contact.intro': 'A visitor sent the contact form.',
  'mail.field.name': 'Name',
  'mail.field.company': 'Company',
  'mail.field.email': 'Email',
  'mail.field.phone': 'Phone',
  'mail.field.source': 'Source',
  'mail.field.inquiryType': 'Inquiry type',
  'mail.field.preferredContact': 'Preferred contact',
  'mail.field.message': 'Message',
  'mail.field.received': 'Received',
} as const;
