import type { RiderOfferView } from '../../../../src/shared/schemas/dispatch';

/** Whole seconds left until `expiresAt` at `now` (both server time), never below 0: 0.2 s left still reads 1. */
export function secondsLeft(expiresAt: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

/** 75 → "1:15", 9 → "0:09". */
export function countdownText(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The share of the answer window still left, 0..100, for the bar under the countdown. */
export function percentLeft(offer: Pick<RiderOfferView, 'offeredAt' | 'expiresAt'>, now: number): number {
  const end = Date.parse(offer.expiresAt);
  const window = end - Date.parse(offer.offeredAt);
  if (!(window > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round(((end - now) / window) * 100)));
}

/** The offers the rider can still answer: not run out at `now`, not already closed on this screen; earliest deadline first. */
export function openOffers<T extends Pick<RiderOfferView, 'id' | 'expiresAt'>>(offers: readonly T[], now: number, closed: ReadonlySet<string>): T[] {
  return offers.filter((o) => !closed.has(o.id) && Date.parse(o.expiresAt) > now).sort((a, b) => Date.parse(a.expiresAt) - Date.parse(b.expiresAt));
}
