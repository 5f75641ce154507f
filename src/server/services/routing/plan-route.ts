import type { LatLng } from '../../../shared/geo';

/**
 * Issue 25, item 4: the order of a rider's stops. The objective is lexicographic: total lateness first (minutes past
 * each drop-off's promise, summed), then travel minutes. Hard rules: each order's pickup before its drop-off, and the
 * cash held never above the limit (cash is collected at drop-offs; a hand-over stop empties the hand).
 * Exact (branch and bound over every sequence the rules allow) up to EXACT_MAX_STOPS stops; above that a heuristic:
 * cheapest insertion by promise, then relocate and 2-opt moves that keep the rules, until none improves
 * (docs/decisions/013-eta-model.md).
 */
export interface RouteStop {
  /** Unique within the input. */
  id: string;
  kind: 'pickup' | 'dropoff' | 'handover';
  /** The order the stop belongs to (pickup and drop-off share it; a hand-over has none). */
  orderId: string | null;
  at: LatLng;
  /** Promised arrival (drop-offs), epoch ms; null: no promise. */
  dueAt: number | null;
  /** Cash collected here (drop-offs), minor units. */
  cashMinor: number;
  /** Minutes spent at the stop. */
  serviceMin: number;
}

export interface RouteInput {
  start: LatLng;
  /** Epoch ms when the rider leaves `start`. */
  startAt: number;
  stops: readonly RouteStop[];
  /** Orders already picked up: their pickups are not among the stops. */
  cashHeldMinor: number;
  /** The company's cash limit (minor units); Infinity for none. */
  cashLimitMinor: number;
  /** Travel minutes between two points when leaving at epoch ms `at`. */
  travel: (from: LatLng, to: LatLng, at: number) => number;
}

export interface RoutePlan {
  /** Stop ids in visiting order. */
  sequence: string[];
  /** Arrival at each stop (epoch ms), by stop id. */
  arrivals: Map<string, number>;
  latenessMin: number;
  travelMin: number;
  /** False when no sequence keeps within the cash limit: the plan then ignores it (the dispatcher must not add to it). */
  cashOk: boolean;
  exact: boolean;
}

export const EXACT_MAX_STOPS = 10;
const EPS = 1e-9;

export interface Score {
  latenessMin: number;
  travelMin: number;
}

/** a is better than b (lateness, then travel). */
export const better = (a: Score, b: Score) => a.latenessMin < b.latenessMin - EPS || (a.latenessMin <= b.latenessMin + EPS && a.travelMin < b.travelMin - EPS);

/** The score and arrivals of a full sequence, or null when it breaks a rule. */
export function evaluate(input: RouteInput, seq: readonly RouteStop[], cashRule = true): (Score & { arrivals: number[] }) | null {
  const picked = new Set<string>();
  const inSeq = new Set(seq.map((s) => s.id));
  let pos = input.start;
  let t = input.startAt;
  let cash = input.cashHeldMinor;
  let latenessMin = 0;
  let travelMin = 0;
  const arrivals: number[] = [];
  for (const s of seq) {
    if (s.kind === 'dropoff' && s.orderId !== null && !picked.has(s.orderId) && pickupIn(input, s.orderId, inSeq)) return null;
    const leg = input.travel(pos, s.at, t);
    travelMin += leg;
    t += leg * 60_000;
    arrivals.push(t);
    if (s.kind === 'pickup' && s.orderId !== null) picked.add(s.orderId);
    if (s.kind === 'dropoff') {
      if (s.dueAt !== null) latenessMin += Math.max(0, (t - s.dueAt) / 60_000);
      cash += s.cashMinor;
      if (cashRule && cash > input.cashLimitMinor) return null;
    }
    if (s.kind === 'handover') cash = 0;
    t += s.serviceMin * 60_000;
    pos = s.at;
  }
  return { latenessMin, travelMin, arrivals };
}

const pickupIn = (input: RouteInput, orderId: string, ids: Set<string>) =>
  input.stops.some((p) => p.kind === 'pickup' && p.orderId === orderId && ids.has(p.id));

/** The plan: exact up to EXACT_MAX_STOPS stops, the heuristic above; the cash rule dropped only when nothing keeps it. */
export function planRoute(input: RouteInput): RoutePlan {
  const exact = input.stops.length <= EXACT_MAX_STOPS;
  const solve = (cashRule: boolean) => (exact ? branchAndBound(input, cashRule) : improve(input, insertion(input, cashRule), cashRule));
  let seq = solve(true);
  const cashOk = seq !== null;
  seq ??= solve(false);
  if (!seq) throw new Error('no sequence: a drop-off without its pickup');
  const score = evaluate(input, seq, cashOk)!;
  return {
    sequence: seq.map((s) => s.id),
    arrivals: new Map(seq.map((s, i) => [s.id, score.arrivals[i]!])),
    latenessMin: score.latenessMin,
    travelMin: score.travelMin,
    cashOk,
    exact,
  };
}

/**
 * Depth-first over the sequences the rules allow, cutting a branch once its lateness so far (which only grows) is
 * worse than the best complete sequence's, or equal with no less travel so far.
 */
function branchAndBound(input: RouteInput, cashRule: boolean): RouteStop[] | null {
  const stops = input.stops;
  const n = stops.length;
  const pickupOf = stops.map((s) => (s.kind === 'dropoff' ? stops.findIndex((p) => p.kind === 'pickup' && p.orderId === s.orderId) : -1));
  const used = new Array<boolean>(n).fill(false);
  const path: number[] = [];
  let best: Score | null = null;
  let bestPath: number[] | null = null;
  const visit = (pos: LatLng, t: number, cash: number, lateness: number, travel: number) => {
    if (best && (lateness > best.latenessMin + EPS || (lateness >= best.latenessMin - EPS && travel >= best.travelMin - EPS))) return;
    if (path.length === n) {
      best = { latenessMin: lateness, travelMin: travel };
      bestPath = [...path];
      return;
    }
    for (let i = 0; i < n; i++) {
      if (used[i] || (pickupOf[i]! >= 0 && !used[pickupOf[i]!])) continue;
      const s = stops[i]!;
      const leg = input.travel(pos, s.at, t);
      const arrive = t + leg * 60_000;
      let c = cash;
      let late = lateness;
      if (s.kind === 'dropoff') {
        c += s.cashMinor;
        if (cashRule && c > input.cashLimitMinor) continue;
        if (s.dueAt !== null) late += Math.max(0, (arrive - s.dueAt) / 60_000);
      }
      if (s.kind === 'handover') c = 0;
      used[i] = true;
      path.push(i);
      visit(s.at, arrive + s.serviceMin * 60_000, c, late, travel + leg);
      path.pop();
      used[i] = false;
    }
  };
  visit(input.start, input.startAt, input.cashHeldMinor, 0, 0);
  const found = bestPath as number[] | null;
  return found ? found.map((i) => stops[i]!) : null;
}

/** Orders by promise (none last); each order's pickup and drop-off inserted where the sequence scores best. */
function insertion(input: RouteInput, cashRule: boolean): RouteStop[] | null {
  const drops = input.stops.filter((s) => s.kind === 'dropoff').sort((a, b) => (a.dueAt ?? Infinity) - (b.dueAt ?? Infinity));
  let seq: RouteStop[] = input.stops.filter((s) => s.kind === 'handover');
  const place = (add: (base: RouteStop[]) => RouteStop[][]) => {
    let pick: { seq: RouteStop[]; score: Score } | null = null;
    for (const cand of add(seq)) {
      const sc = evaluate(input, cand, cashRule);
      if (sc && (!pick || better(sc, pick.score))) pick = { seq: cand, score: sc };
    }
    return pick?.seq ?? null;
  };
  for (const d of drops) {
    const p = input.stops.find((s) => s.kind === 'pickup' && s.orderId === d.orderId);
    const next = place((base) => {
      const out: RouteStop[][] = [];
      if (!p) for (let j = 0; j <= base.length; j++) out.push([...base.slice(0, j), d, ...base.slice(j)]);
      else
        for (let i = 0; i <= base.length; i++)
          for (let j = i; j <= base.length; j++) out.push([...base.slice(0, i), p, ...base.slice(i, j), d, ...base.slice(j)]);
      return out;
    });
    if (!next) return null;
    seq = next;
  }
  return seq;
}

/** Relocate one stop, or reverse a stretch (2-opt), while either improves the score and keeps the rules. */
function improve(input: RouteInput, start: RouteStop[] | null, cashRule: boolean): RouteStop[] | null {
  if (!start) return null;
  let seq = start;
  let score = evaluate(input, seq, cashRule)!;
  for (let round = 0; round < 50; round++) {
    let moved = false;
    const tryCand = (cand: RouteStop[]) => {
      const sc = evaluate(input, cand, cashRule);
      if (sc && better(sc, score)) {
        seq = cand;
        score = sc;
        moved = true;
      }
    };
    for (let i = 0; i < seq.length; i++) {
      for (let j = 0; j < seq.length; j++) {
        if (i === j) continue;
        const rest = [...seq.slice(0, i), ...seq.slice(i + 1)];
        tryCand([...rest.slice(0, j), seq[i]!, ...rest.slice(j)]);
      }
    }
    for (let i = 0; i < seq.length - 1; i++) {
      for (let j = i + 1; j < seq.length; j++) tryCand([...seq.slice(0, i), ...seq.slice(i, j + 1).reverse(), ...seq.slice(j + 1)]);
    }
    if (!moved) break;
  }
  return seq;
}
