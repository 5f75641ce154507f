import type { Db } from '../../../../../db/client';
import type { AnalysisPriority } from '../../../../shared/schemas/ai';
import { cashByRider, type RiderCash } from './cash';
import { dutyByRider, type RiderDuty } from './duty';
import { monthToDate, type AnalysisPeriod } from './period';
import type { Actor } from '../../access';
import { analysisFrame, ridersOf, type AnalysisFrame, type ScopedRider } from './scope';

/** Everything the four analyses read, loaded once per request (duty and cash on first use). */
export interface AnalysisContext {
  db: Db;
  /** Who asks: whose riders, orders and cash the analyses read (services/access). */
  actor: Actor;
  target: AnalysisFrame;
  period: AnalysisPeriod;
  now: Date;
  /** KWD per AED (AED_TO_KWD_RATE). */
  aedToKwd: number;
  riders: ScopedRider[];
  nameOf: (riderId: string) => string;
  duty: () => Promise<Map<string, RiderDuty>>;
  cash: () => Promise<RiderCash[]>;
}

/** What each analysis module answers; index.ts adds type, timeframe, scope and period. */
export interface AnalysisBody<F> {
  analysis: string;
  recommendations: string[];
  priority: AnalysisPriority;
  figures: F;
}

const once = <T>(load: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= load());
};

export async function analysisContext(db: Db, scope: Actor, opts: { now?: Date; aedToKwd: number }): Promise<AnalysisContext> {
  const now = opts.now ?? new Date();
  const target = await analysisFrame(db, scope);
  const period = monthToDate(now, target.timeZone, target.weekend);
  const riders = await ridersOf(db, scope);
  const names = new Map(riders.map((r) => [r.id, r.name]));
  return {
    db,
    actor: scope,
    target,
    period,
    now,
    aedToKwd: opts.aedToKwd,
    riders,
    nameOf: (id) => names.get(id) ?? '',
    duty: once(() => dutyByRider(db, riders.map((r) => r.id), period)),
    cash: once(() => cashByRider(db, scope, now)),
  };
}
