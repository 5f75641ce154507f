import type { MessageKey, MessageParams } from '../../../src/shared/i18n';

/** Apart from rule-texts.ts: the rider's banner needs only this, not the rules' descriptions (the /app bundle budget). */
type T = (key: MessageKey, params?: MessageParams) => string;

/** 580 → '9 h 40 min', 600 → '10 h', 20 → '20 min'. */
export function duration(t: T, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (!m) return t('rules.hours.h', { h });
  if (!h) return t('rules.hours.m', { m });
  return t('rules.hours.hm', { h, m });
}
