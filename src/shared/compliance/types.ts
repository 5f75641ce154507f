/**
 * Gulf compliance vocabulary (issue 9): rider documents with expiry, and notices to a company or a rider.
 */
export const DOCUMENT_TYPES = [
  'civil_id',
  'emirates_id',
  'residency',
  'driving_licence',
  'health_certificate',
  'vehicle_registration',
  'vehicle_insurance',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Days before expiry that a reminder goes out. */
export const DOCUMENT_REMINDER_DAYS = 30;

/**
 * Notices shown in the app (and e-mailed to the company when SMTP is set):
 * cash limit reached, document expiring or expired, daily hours about to be exceeded.
 */
export const NOTICE_KINDS = ['cash_limit', 'cash_overdue', 'document_expiring', 'document_expired', 'hours_warning', 'cash_discrepancy', 'login_lockout', 'needs_rider', 'offers_paused'] as const;
/**
 * Notice params are stored raw and formatted in the reader's language when shown:
 * `rider` a name; `document` a DocumentType; `amount`, `limit`, `counted`, `difference` minor units
 * with `currency`; `date` YYYY-MM-DD; `time`, `since` ISO instants (shown in the region's zone);
 * `hours` a number.
 */
export type NoticeKind = (typeof NOTICE_KINDS)[number];
export const NOTICE_AUDIENCES = ['company', 'rider'] as const;
export type NoticeAudience = (typeof NOTICE_AUDIENCES)[number];
