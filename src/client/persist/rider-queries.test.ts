import { expect, test } from 'bun:test';
import { isLiveOnlyQuery, isRiderQuery } from './rider-queries';

const q = (...path: string[]) => ({ queryKey: [path, { type: 'query' }] as const });

test('offers and the paused state are the rider’s own but live only: never kept on the device', () => {
  for (const k of [q('rider', 'offers'), q('rider', 'offerState')]) expect([isRiderQuery(k), isLiveOnlyQuery(k)]).toEqual([true, true]);
  for (const k of [q('rider', 'orders'), q('rider', 'duty'), q('tracking', 'today'), q('auth', 'me'), q('company', 'offers')]) expect(isLiveOnlyQuery(k)).toBe(false);
});
