import { describe, expect, test } from 'bun:test';
import { prng, type Rand } from '../../../../bench/data/random';
import { better, evaluate, EXACT_MAX_STOPS, planRoute, type RouteInput, type RouteStop, type Score } from './plan-route';
import { DEFAULT_TRAVEL_MODEL, travelMinutes } from './travel';

const T0 = Date.UTC(2026, 4, 3, 9, 0);
const MIN = 60_000;
/** Time-dependent: the default model's speed, slower by half between 10:00 and 10:30 UTC (a rush), so leaving later costs. */
const travel: RouteInput['travel'] = (a, b, at) => travelMinutes(DEFAULT_TRAVEL_MODEL, a, b, 'motorcycle', 12) * (at >= T0 + 60 * MIN && at < T0 + 90 * MIN ? 2 : 1);
const near = (r: Rand) => ({ lat: 29.33 + r.between(-0.04, 0.04), lng: 48.0 + r.between(-0.04, 0.04) });

/** A random rider's load: orders to pick up, orders picked up already (drop-off only), sometimes a hand-over stop. */
function randomCase(r: Rand, maxStops: number, full = false): RouteInput {
  const stops: RouteStop[] = [];
  const handover = !full && r.chance(0.3);
  const orders = full ? maxStops / 2 : r.int(1, Math.floor((maxStops - (handover ? 1 : 0)) / 2));
  for (let k = 0; k < orders; k++) {
    const id = `o${k}`;
    if (full || r.chance(0.7)) stops.push({ id: `${id}p`, kind: 'pickup', orderId: id, at: near(r), dueAt: null, cashMinor: 0, serviceMin: r.int(0, 3) });
    stops.push({ id: `${id}d`, kind: 'dropoff', orderId: id, at: near(r), dueAt: r.chance(0.9) ? T0 + r.int(5, 70) * MIN : null, cashMinor: r.chance(0.6) ? r.int(1, 20) * 500 : 0, serviceMin: r.int(0, 3) });
  }
  if (handover) stops.push({ id: 'h', kind: 'handover', orderId: null, at: near(r), dueAt: null, cashMinor: 0, serviceMin: 1 });
  return { start: near(r), startAt: T0, stops, cashHeldMinor: r.int(0, 4) * 1000, cashLimitMinor: r.chance(0.5) ? r.int(5, 25) * 1000 : Infinity, travel };
}

/** Cash held never above the limit along `seq` (drop-offs add, a hand-over empties). */
function keepsCash(input: RouteInput, seq: readonly RouteStop[]): boolean {
  let cash = input.cashHeldMinor;
  for (const s of seq) {
    if (s.kind === 'dropoff' && (cash += s.cashMinor) > input.cashLimitMinor) return false;
    if (s.kind === 'handover') cash = 0;
  }
  return true;
}

/**
 * Every order of the stops with each pickup before its drop-off (all of them, no cut), each scored in full by
 * evaluate: the best of all, and the best that keeps the cash limit.
 */
function bruteForce(input: RouteInput): { any: Score; withCash: Score | null } {
  let any: Score | null = null;
  let withCash: Score | null = null;
  const stops = input.stops;
  const pickupOf = stops.map((s) => (s.kind === 'dropoff' ? stops.findIndex((x) => x.kind === 'pickup' && x.orderId === s.orderId) : -1));
  const seq: RouteStop[] = [];
  const used = new Array<boolean>(stops.length).fill(false);
  const go = () => {
    if (seq.length === stops.length) {
      const s = evaluate(input, seq, false)!;
      if (!any || better(s, any)) any = s;
      if (keepsCash(input, seq) && (!withCash || better(s, withCash))) withCash = s;
      return;
    }
    for (let i = 0; i < stops.length; i++) {
      if (used[i] || (pickupOf[i]! >= 0 && !used[pickupOf[i]!])) continue;
      used[i] = true;
      seq.push(stops[i]!);
      go();
      seq.pop();
      used[i] = false;
    }
  };
  go();
  return { any: any!, withCash };
}

describe('planRoute', () => {
  test('exact: the same objective as brute force on 1,000 random cases (seeded), up to 10 stops', () => {
    const r = prng(25, 'route-cases');
    let cashBound = 0;
    let sizes = 0;
    for (let c = 0; c < 1000; c++) {
      // One in twenty has the full 10 stops (5 orders to pick up and drop off: 113,400 sequences for brute force).
      const input = c % 20 === 0 ? randomCase(r, EXACT_MAX_STOPS, true) : randomCase(r, EXACT_MAX_STOPS);
      sizes = Math.max(sizes, input.stops.length);
      const plan = planRoute(input);
      const { any: without, withCash } = bruteForce(input);
      expect(plan.cashOk).toBe(withCash !== null);
      const want = withCash ?? without;
      if (withCash && better(without, withCash)) cashBound++;
      expect(plan.exact).toBe(true);
      expect(plan.latenessMin).toBeCloseTo(want.latenessMin, 6);
      expect(plan.travelMin).toBeCloseTo(want.travelMin, 6);
      expect(plan.sequence).toHaveLength(input.stops.length);
    }
    expect(sizes).toBe(EXACT_MAX_STOPS);
    // The cash limit changed the best order in some cases: the rule is exercised, not vacuous.
    expect(cashBound).toBeGreaterThan(10);
  }, 120_000);

  test('each pickup before its drop-off; the cash limit is kept through a hand-over', () => {
    const at = (lng: number) => ({ lat: 29.3, lng });
    const stop = (id: string, kind: RouteStop['kind'], lng: number, cashMinor = 0): RouteStop => ({ id, kind, orderId: kind === 'handover' ? null : id[0]!, at: at(lng), dueAt: null, cashMinor, serviceMin: 0 });
    // Drop-offs nearer than the pickups, and the hand-over furthest: without the rules the rider would go d, then p.
    const input: RouteInput = {
      start: at(48),
      startAt: T0,
      stops: [stop('ad', 'dropoff', 48.01, 8000), stop('ap', 'pickup', 48.02), stop('bd', 'dropoff', 48.03, 8000), stop('bp', 'pickup', 48.04), stop('h', 'handover', 48.05)],
      cashHeldMinor: 0,
      cashLimitMinor: 10_000,
      travel,
    };
    const plan = planRoute(input);
    expect(plan.cashOk).toBe(true);
    expect(plan.sequence.indexOf('ap')).toBeLessThan(plan.sequence.indexOf('ad'));
    expect(plan.sequence.indexOf('bp')).toBeLessThan(plan.sequence.indexOf('bd'));
    // 16,000 collected against a 10,000 limit: the hand-over comes between the two drop-offs.
    const h = plan.sequence.indexOf('h');
    expect(Math.min(plan.sequence.indexOf('ad'), plan.sequence.indexOf('bd'))).toBeLessThan(h);
    expect(Math.max(plan.sequence.indexOf('ad'), plan.sequence.indexOf('bd'))).toBeGreaterThan(h);
    // No hand-over stop: no order keeps the limit, and the plan says so.
    expect(planRoute({ ...input, stops: input.stops.filter((s) => s.kind !== 'handover') }).cashOk).toBe(false);
  });

  test('lateness before distance: a promise due first is served first even when the other way is shorter', () => {
    const at = (lng: number) => ({ lat: 29.3, lng });
    const drop = (id: string, lng: number, dueMin: number): RouteStop => ({ id, kind: 'dropoff', orderId: id, at: at(lng), dueAt: T0 + dueMin * MIN, cashMinor: 0, serviceMin: 0 });
    const input: RouteInput = { start: at(48), startAt: T0, stops: [drop('near', 48.01, 60), drop('far', 48.06, 12)], cashHeldMinor: 0, cashLimitMinor: Infinity, travel };
    expect(planRoute(input).sequence).toEqual(['far', 'near']);
    expect(planRoute({ ...input, stops: [drop('near', 48.01, 60), drop('far', 48.06, 60)] }).sequence).toEqual(['near', 'far']);
  });

  test('heuristic above 10 stops: keeps the rules, and is at least as good as its starting insertion', () => {
    const r = prng(7, 'route-large');
    for (let c = 0; c < 40; c++) {
      const input = randomCase(r, r.int(11, 20));
      if (input.stops.length <= EXACT_MAX_STOPS) continue;
      const plan = planRoute(input);
      expect(plan.exact).toBe(false);
      const byId = new Map(input.stops.map((s) => [s.id, s]));
      const seq = plan.sequence.map((id) => byId.get(id)!);
      expect(new Set(plan.sequence).size).toBe(input.stops.length);
      const score = evaluate(input, seq, plan.cashOk);
      expect(score).not.toBeNull();
      expect(score!.latenessMin).toBeCloseTo(plan.latenessMin, 6);
    }
  });
});
