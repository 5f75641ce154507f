import { expect, test } from 'bun:test';
import { countdownText, openOffers, percentLeft, secondsLeft } from './offer-clock';

const at = (iso: string) => Date.parse(iso);

test('seconds left count down to the server deadline and stop at 0', () => {
  expect(secondsLeft('2026-01-01T10:01:00.000Z', at('2026-01-01T10:00:00.000Z'))).toBe(60);
  expect(secondsLeft('2026-01-01T10:01:00.000Z', at('2026-01-01T10:00:59.800Z'))).toBe(1);
  expect(secondsLeft('2026-01-01T10:01:00.000Z', at('2026-01-01T10:01:00.000Z'))).toBe(0);
  expect(secondsLeft('2026-01-01T10:01:00.000Z', at('2026-01-01T10:05:00.000Z'))).toBe(0);
});

test('the countdown reads minutes and two-digit seconds', () => {
  expect([countdownText(600), countdownText(75), countdownText(9), countdownText(0), countdownText(-3)]).toEqual(['10:00', '1:15', '0:09', '0:00', '0:00']);
});

test('the bar shows the share of the window left', () => {
  const offer = { offeredAt: '2026-01-01T10:00:00.000Z', expiresAt: '2026-01-01T10:01:00.000Z' };
  expect(percentLeft(offer, at('2026-01-01T10:00:00.000Z'))).toBe(100);
  expect(percentLeft(offer, at('2026-01-01T10:00:45.000Z'))).toBe(25);
  expect(percentLeft(offer, at('2026-01-01T10:02:00.000Z'))).toBe(0);
  expect(percentLeft({ offeredAt: offer.expiresAt, expiresAt: offer.expiresAt }, at('2026-01-01T10:00:00.000Z'))).toBe(0);
});

test('open offers leave out the run-out and the closed ones, earliest deadline first', () => {
  const now = at('2026-01-01T10:00:30.000Z');
  const offers = [
    { id: 'late', expiresAt: '2026-01-01T10:02:00.000Z' },
    { id: 'gone', expiresAt: '2026-01-01T10:00:30.000Z' },
    { id: 'soon', expiresAt: '2026-01-01T10:01:00.000Z' },
    { id: 'closed', expiresAt: '2026-01-01T10:01:30.000Z' },
  ];
  expect(openOffers(offers, now, new Set(['closed'])).map((o) => o.id)).toEqual(['soon', 'late']);
});
