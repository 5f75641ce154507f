import { translate, type Locale, type MessageKey } from '../../shared/i18n';
import type { Region } from '../../shared/regions';
import { noticeParams, type NoticeLike } from './noticeParams';

export { noticeParams, noticeTime, type NoticeLike } from './noticeParams';

/**
 * A notice's text in the reader's language: the catalog's `notices.<kind>.<audience>` with its params formatted. This
 * names every notice key (the company's card); the rider app uses riderNoticeText, which names only the rider's.
 */
export function noticeText(notice: NoticeLike, locale: Locale, region: Region): string {
  return translate(locale, `notices.${notice.kind}.${notice.audience}` as MessageKey, noticeParams(notice.params, locale, region));
}
