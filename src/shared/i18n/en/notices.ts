/** Notices to companies and riders (issue 9). Key: notices.<kind>.<audience>; params in src/shared/compliance/types.ts. */
export const notices = {
  'notices.title': 'Notices',
  'notices.empty': 'No notices',
  'notices.markRead': 'Mark as read',
  'notices.cash_limit.company': '{rider} has {amount} in cash the company has not counted yet, over the cash limit of {limit}. No new cash orders until it is handed over and counted.',
  'notices.cash_limit.rider': 'You have {amount} in cash your company has not counted yet, over its cash limit of {limit}. Hand it over and have it counted to take new cash orders.',
  'notices.cash_overdue.company': '{rider} has had cash the company has not counted since {since}, longer than {hours} hours. No new cash orders until it is handed over and counted.',
  'notices.cash_overdue.rider': 'Your company has not yet counted cash you have had since {since}, longer than {hours} hours. Hand it over and have it counted to take new cash orders.',
  'notices.document_expiring.company': "{rider}'s {document} expires on {date}.",
  'notices.document_expiring.rider': 'Your {document} expires on {date}. Renew it before then.',
  'notices.document_expired.company': "{rider}'s {document} expired on {date}.",
  'notices.document_expired.rider': 'Your {document} expired on {date}.',
  'notices.hours_warning.company': '{rider} reaches the maximum of {hours} working hours today at {time}.',
  'notices.hours_warning.rider': 'You reach the maximum of {hours} working hours today at {time}. End your duty by then.',
  'notices.cash_discrepancy.company': 'Hand-over from {rider} counted {counted} against {amount}: a difference of {difference} to resolve.',
  'notices.cash_discrepancy.rider': 'Your hand-over of {amount} was counted as {counted}. Your company will resolve the difference of {difference}.',
} as const;
