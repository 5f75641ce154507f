import { describe, expect, test } from 'bun:test';
import { cashLots, heldLots, oldestHeldSince, oldestUncountedSince, uncountedLots, type HandEntry } from './fifo';

const at = (hhmm: string) => new Date(`2026-05-03T${hhmm}:00Z`);
let seq = 0;
const e = (kind: HandEntry['kind'], amountMinor: number, time: string, more: Partial<HandEntry> = {}): HandEntry => ({ seq: ++seq, kind, amountMinor, at: at(time), ...more });
const lots = (entries: HandEntry[]) => heldLots(entries).map((l) => [l.minor, l.at.toISOString().slice(11, 16)]);

describe('heldLots / oldestHeldSince (FIFO over the hand account)', () => {
  test('nothing held: null', () => {
    expect(oldestHeldSince([])).toBeNull();
    expect(oldestHeldSince([e('collection', 5000, '08:00'), e('handover_submitted', -5000, '09:00')])).toBeNull();
  });

  test('collections stack up; the oldest is the first collection', () => {
    const entries = [e('collection', 5000, '08:00'), e('collection', 3000, '10:00')];
    expect(lots(entries)).toEqual([
      [5000, '08:00'],
      [3000, '10:00'],
    ]);
    expect(oldestHeldSince(entries)).toEqual(at('08:00'));
  });

  test('a hand-over settles the oldest cash first, partly', () => {
    const entries = [e('collection', 5000, '08:00'), e('collection', 3000, '10:00'), e('handover_submitted', -6000, '11:00', { submissionId: 's1' })];
    expect(lots(entries)).toEqual([[2000, '10:00']]);
    expect(oldestHeldSince(entries)).toEqual(at('10:00'));
  });

  test('a hand-over that covers exactly the first lot moves the clock to the next', () => {
    const entries = [e('collection', 5000, '08:00'), e('collection', 3000, '10:00'), e('handover_submitted', -5000, '11:00', { submissionId: 's1' })];
    expect(oldestHeldSince(entries)).toEqual(at('10:00'));
  });

  test('entries are taken in seq order, whatever order they are passed in', () => {
    const a = e('collection', 5000, '08:00');
    const b = e('handover_submitted', -5000, '09:00', { submissionId: 's1' });
    const c = e('collection', 1000, '12:00');
    expect(oldestHeldSince([c, b, a])).toEqual(at('12:00'));
  });

  test('a reversal takes back its own order first, not the oldest cash', () => {
    const entries = [
      e('collection', 5000, '08:00', { orderId: 'o1' }),
      e('collection', 3000, '10:00', { orderId: 'o2' }),
      e('collection_reversal', -5000, '10:30', { orderId: 'o1' }),
    ];
    expect(lots(entries)).toEqual([[3000, '10:00']]);
  });

  /** 5.000 collected at 08:00 and 3.000 at 10:00, `handed` of it handed over at 11:00 (s1), 1.000 more at 12:00, then the entry `after` describes. */
  const handedOverDay = (handed: number, ...after: Parameters<typeof e>) => [
    e('collection', 5000, '08:00'),
    e('collection', 3000, '10:00'),
    e('handover_submitted', -handed, '11:00', { submissionId: 's1' }),
    e('collection', 1000, '12:00'),
    e(...after),
  ];

  test('a cancelled hand-over puts back the lots it took, with their original times', () => {
    const entries = handedOverDay(6000, 'handover_cancelled', 6000, '13:00', { submissionId: 's1' });
    expect(lots(entries)).toEqual([
      [5000, '08:00'],
      [2000, '10:00'],
      [1000, '10:00'],
      [1000, '12:00'],
    ]);
    expect(oldestHeldSince(entries)).toEqual(at('08:00'));
  });

  test('a correction, and a resolution not tied to a hand-over, are cash held from when they were posted', () => {
    expect(lots([e('collection', 5000, '08:00'), e('handover_submitted', -5000, '09:00', { submissionId: 's1' }), e('discrepancy_resolved', 500, '15:00')])).toEqual([[500, '15:00']]);
    expect(oldestHeldSince([e('correction', 200, '07:00')])).toEqual(at('07:00'));
  });

  test('a short count the rider owes comes back with the times of the newest lots of that hand-over, not the time of the resolution', () => {
    const entries = handedOverDay(8000, 'discrepancy_resolved', 500, '15:00', { submissionId: 's1' });
    // The counted 7.500 settled the oldest cash; the 0.500 short is the 10:00 cash, still held since then.
    expect(lots(entries)).toEqual([
      [500, '10:00'],
      [1000, '12:00'],
    ]);
    expect(oldestHeldSince(entries)).toEqual(at('10:00'));
    // A shortfall bigger than the newest lot reaches into the older one.
    const big = [e('collection', 5000, '08:00'), e('collection', 3000, '10:00'), e('handover_submitted', -8000, '11:00', { submissionId: 's2' }), e('discrepancy_resolved', 4000, '15:00', { submissionId: 's2' })];
    expect(lots(big)).toEqual([
      [1000, '08:00'],
      [3000, '10:00'],
    ]);
  });

  test('more out than held is a debt that later cash pays first', () => {
    const entries = [e('collection', 1000, '08:00'), e('correction', -3000, '09:00'), e('collection', 2500, '10:00'), e('collection', 4000, '11:00')];
    // 2000 of debt: the 10:00 collection pays it and 500 of it is held, then 4000 from 11:00.
    expect(lots(entries)).toEqual([
      [500, '10:00'],
      [4000, '11:00'],
    ]);
  });
});

describe('uncountedLots / oldestUncountedSince (hand and transit: cash the company has not counted)', () => {
  const hand = (kind: HandEntry['kind'], amountMinor: number, time: string, more: Partial<HandEntry> = {}) => e(kind, amountMinor, time, { account: 'hand', ...more });
  const transit = (kind: HandEntry['kind'], amountMinor: number, time: string, more: Partial<HandEntry> = {}) => e(kind, amountMinor, time, { account: 'transit', ...more });
  const submit = (minor: number, time: string, submissionId: string) => [hand('handover_submitted', -minor, time, { submissionId }), transit('handover_submitted', minor, time, { submissionId })];
  const view = (l: { minor: number; at: Date }[]) => l.map((x) => [x.minor, x.at.toISOString().slice(11, 16)]);

  test('a submission moves its lots to transit with their collection times; the clock keeps running until the count', () => {
    const entries = [hand('collection', 5000, '08:00'), hand('collection', 3000, '10:00'), ...submit(6000, '11:00', 's1')];
    const { hand: h, transit: t } = cashLots(entries);
    expect([view(h), view(t)]).toEqual([
      [[2000, '10:00']],
      [
        [5000, '08:00'],
        [1000, '10:00'],
      ],
    ]);
    expect(oldestHeldSince(entries)).toEqual(at('10:00'));
    expect(oldestUncountedSince(entries)).toEqual(at('08:00'));
    expect(uncountedLots(entries).reduce((s, l) => s + l.minor, 0)).toBe(8000);
  });

  test('the count consumes the transit lots; a hand-over never counted keeps its oldest time', () => {
    const counted = [hand('collection', 5000, '08:00'), hand('collection', 3000, '10:00'), ...submit(5000, '11:00', 's1'), transit('handover_received', -5000, '12:00', { submissionId: 's1' })];
    expect(view(uncountedLots(counted))).toEqual([[3000, '10:00']]);
    expect(oldestUncountedSince(counted)).toEqual(at('10:00'));
    const never = [hand('collection', 5000, '08:00'), ...submit(5000, '09:00', 's1'), hand('collection', 1000, '13:00')];
    expect(oldestUncountedSince(never)).toEqual(at('08:00'));
  });

  test('a cancelled hand-over leaves transit and its lots are back in hand, times kept', () => {
    const entries = [hand('collection', 5000, '08:00'), ...submit(5000, '09:00', 's1'), transit('handover_cancelled', -5000, '10:00', { submissionId: 's1' }), hand('handover_cancelled', 5000, '10:00', { submissionId: 's1' })];
    const { hand: h, transit: t } = cashLots(entries);
    expect([view(h), view(t)]).toEqual([[[5000, '08:00']], []]);
  });

  test('a short count: the counted part is gone, the shortfall the rider owes is back in hand with its original time', () => {
    const entries = [
      hand('collection', 5000, '08:00'),
      hand('collection', 3000, '10:00'),
      ...submit(8000, '11:00', 's1'),
      transit('handover_received', -8000, '12:00', { submissionId: 's1' }),
      hand('collection', 1000, '13:00'),
    ];
    // Between the count and the resolution the shortfall is neither in hand nor in transit (it is a discrepancy).
    expect(view(uncountedLots(entries))).toEqual([[1000, '13:00']]);
    entries.push(hand('discrepancy_resolved', 500, '15:00', { submissionId: 's1' }));
    expect(view(uncountedLots(entries))).toEqual([
      [500, '10:00'],
      [1000, '13:00'],
    ]);
  });
});
