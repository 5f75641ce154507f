import { describe, expect, test } from 'bun:test';
import { REGIONS } from '../../shared/regions';
import { noticeParams, noticeText } from './noticeText';
import { riderNoticeText } from './riderNoticeText';
import { NOTICE_KINDS } from '../../shared/compliance/types';

const NBSP = '\u00a0';

describe('noticeText', () => {
  test('cash limit, English: money with the currency decimals', () => {
    const n = { kind: 'cash_limit', audience: 'company', params: { rider: 'Rami', amount: 120_000, limit: 100_000, currency: 'KWD' } } as const;
    expect(noticeText(n, 'en', REGIONS.kuwait)).toBe(`Rami has KWD${NBSP}120.000 in cash the company has not counted yet, over the cash limit of KWD${NBSP}100.000. No new cash orders until it is handed over and counted.`);
    const aed = { ...n, audience: 'rider', params: { ...n.params, amount: 150_050, limit: 100_000, currency: 'AED' } } as const;
    expect(noticeText(aed, 'en', REGIONS.uae)).toBe(`You have AED${NBSP}1,500.50 in cash your company has not counted yet, over its cash limit of AED${NBSP}1,000.00. Hand it over and have it counted to take new cash orders.`);
  });

  test('cash overdue: the instant in the region zone, in Arabic with Western digits', () => {
    const n = { kind: 'cash_overdue', audience: 'rider', params: { rider: 'Rami', amount: 1000, currency: 'KWD', since: '2026-05-03T06:00:00.000Z', hours: 24 } } as const;
    expect(noticeText(n, 'en', REGIONS.kuwait)).toBe('Your company has not yet counted cash you have had since 3 May 2026, 09:00, longer than 24 hours. Hand it over and have it counted to take new cash orders.');
    expect(noticeParams(n.params, 'en', REGIONS.uae).since).toBe('3 May 2026, 10:00');
    const ar = noticeText(n, 'ar', REGIONS.kuwait);
    expect(ar).toStartWith('لديك نقد منذ');
    expect(ar).toContain('2026');
    expect(ar).toContain('24 ساعة');
    expect(ar).not.toMatch(/[\u0660-\u0669]/);
  });

  test('documents: the catalog name when it exists, else the raw id; dates as calendar days', () => {
    const p = noticeParams({ rider: 'Rami', document: 'no_such_type', date: '2026-06-01' }, 'en', REGIONS.kuwait);
    expect(p).toEqual({ rider: 'Rami', document: 'no_such_type', date: '1 Jun 2026' });
    const text = noticeText({ kind: 'document_expired', audience: 'rider', params: { document: 'civil_id', date: '2026-06-01' } }, 'en', REGIONS.kuwait);
    expect(text).toMatch(/^Your .+ expired on 1 Jun 2026\.$/);
  });

  test('hours warning: a time of day in the zone', () => {
    const n = { kind: 'hours_warning', audience: 'company', params: { rider: 'Rami', hours: 10, time: '2026-05-03T15:30:00.000Z' } } as const;
    expect(noticeText(n, 'en', REGIONS.kuwait)).toBe('Rami reaches the maximum of 10 working hours today at 18:30.');
  });
});

describe('riderNoticeText', () => {
  test("gives every kind's rider text as noticeText does, in both languages", () => {
    const params = { rider: 'Rami', amount: 120000, limit: 100000, currency: 'KWD', since: '2026-05-03T06:00:00Z', hours: 10, time: '2026-05-03T15:30:00Z', date: '2026-06-01', document: 'civil_id', counted: 1, difference: 2, email: 'rami@example.com', failures: 10 };
    for (const kind of NOTICE_KINDS) {
      for (const locale of ['en', 'ar'] as const) {
        const n = { kind, audience: 'rider' as const, params };
        expect(riderNoticeText(n, locale, REGIONS.kuwait)).toBe(noticeText(n, locale, REGIONS.kuwait));
      }
    }
    expect(riderNoticeText({ kind: 'login_lockout', audience: 'rider', params }, 'en', REGIONS.kuwait)).toBe('New-device sign-ins paused until 18:30 after 10 wrong passwords.');
  });
});
