import type { NoticeKind } from '../../shared/compliance/types';
import { translate, type Locale, type MessageKey } from '../../shared/i18n';
import type { Region } from '../../shared/regions';
import { noticeParams, type NoticeLike } from './noticeParams';

/** Each kind's rider text, named one by one so the rider app downloads these and not the company's (scripts/vite-messages.ts). */
const RIDER_KEYS: Record<NoticeKind, MessageKey> = {
  cash_limit: 'notices.cash_limit.rider',
  cash_overdue: 'notices.cash_overdue.rider',
  document_expiring: 'notices.document_expiring.rider',
  document_expired: 'notices.document_expired.rider',
  hours_warning: 'notices.hours_warning.rider',
  cash_discrepancy: 'notices.cash_discrepancy.rider',
  login_lockout: 'notices.login_lockout.rider',
  needs_rider: 'notices.needs_rider.rider',
  offers_paused: 'notices.offers_paused.rider',
};

/** A rider's notice in the reader's language, as noticeText gives it. */
export const riderNoticeText = (notice: NoticeLike, locale: Locale, region: Region): string =>
  translate(locale, RIDER_KEYS[notice.kind], noticeParams(notice.params, locale, region));
