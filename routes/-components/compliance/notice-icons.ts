import type { NoticeKind } from '../../../src/shared/compliance/types';

/** An icon per kind of notice (the company's notices card and the rider's notices; a module of its own, so the rider app does not download the company's card). */
export const NOTICE_ICON: Record<NoticeKind, 'cash' | 'clock' | 'shield' | 'alert'> = {
  cash_limit: 'cash',
  cash_overdue: 'clock',
  cash_discrepancy: 'alert',
  document_expiring: 'shield',
  document_expired: 'shield',
  hours_warning: 'clock',
  login_lockout: 'clock',
  needs_rider: 'alert',
  offers_paused: 'clock',
};
