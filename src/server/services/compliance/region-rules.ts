import { and, eq, gt, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, dutyBreaks, dutyShifts, regionRules, riders, users } from '../../../../db/schema';
import {
  clockTime,
  DEFAULT_RULE_SETTINGS,
  evaluateRules,
  localDate,
  rulesToday,
  zoneOf,
  type RegionRuleSettings,
  type Restriction,
  type RuleToday,
} from '../../../shared/compliance/rules';
import { REGION_IDS, type RegionId } from '../../../shared/regions';
import { startOfDayInZone } from '../../../shared/time';
import type { RegionRulesInput } from '../../../shared/schemas/region-rules';
import { notFound } from '../../errors';
import { audit } from '../../lib/audit';
import { notify } from './notices';
import { riderWorkplace } from '../rider';
import { msg } from '../../../shared/i18n/message';

/**
 * Working rules per region (issue 9): the settings rows, the minutes a rider worked today, and the
 * rule engine's verdict (src/shared/compliance/rules.ts) for a rider, a company or an admin.
 * Enforcement is in guards/rules-guard.ts; dates, hours and sources in docs/compliance.md.
 */
type RiderRow = typeof riders.$inferSelect;
const MINUTE = 60_000;

/** A region's settings (the migration seeds a row per region; the defaults stand in for a missing one). */
export async function regionSettings(db: Db, region: RegionId): Promise<RegionRuleSettings> {
  const row = await db.query.regionRules.findFirst({ where: eq(regionRules.region, region) });
  if (!row) return { ...DEFAULT_RULE_SETTINGS };
  const { summerMotorcycleBan, summerMiddayBreak, iftarPause, maxDailyHours, warnBeforeMinutes } = row;
  return { summerMotorcycleBan, summerMiddayBreak, iftarPause, maxDailyHours, warnBeforeMinutes };
}

const overlap = (a0: number, a1: number, b0: number, b1: number) => Math.max(0, Math.min(a1, b1) - Math.max(a0, b0));

/**
 * Minutes worked in the zone's day up to `now`: duty shifts minus their breaks (an open shift or
 * break counts until now), a shift from yesterday counted from midnight. `running`: on duty, not on a break.
 */
export async function workedToday(db: Db, riderId: string, now: Date, timeZone: string): Promise<{ workedMinutes: number; running: boolean }> {
  const dayStart = startOfDayInZone(now, timeZone).getTime();
  const end = now.getTime();
  const shifts = await db
    .select()
    .from(dutyShifts)
    .where(and(eq(dutyShifts.riderId, riderId), lt(dutyShifts.startedAt, now), or(isNull(dutyShifts.endedAt), gt(dutyShifts.endedAt, new Date(dayStart)))));
  if (!shifts.length) return { workedMinutes: 0, running: false };
  const breaks = await db.select().from(dutyBreaks).where(inArray(dutyBreaks.shiftId, shifts.map((s) => s.id)));
  let ms = 0;
  let running = false;
  for (const s of shifts) {
    const from = Math.max(s.startedAt.getTime(), dayStart);
    const to = Math.min(s.endedAt?.getTime() ?? end, end);
    if (to <= from) continue;
    ms += to - from;
    const own = breaks.filter((b) => b.shiftId === s.id);
    for (const b of own) ms -= overlap(from, to, b.startedAt.getTime(), b.endedAt?.getTime() ?? end);
    if (!s.endedAt && !own.some((b) => !b.endedAt)) running = true;
  }
  return { workedMinutes: Math.max(0, Math.floor(ms / MINUTE)), running };
}

/**
 * Everything the rules say about one rider at `now`. The rules are those of the rider's company's
 * region, never of the region the rider picked in the app (rider-region.ts).
 */
export async function riderRulesState(db: Db, rider: RiderRow, now: Date) {
  const region = (await riderWorkplace(db, rider)).region.id;
  const zone = zoneOf(region);
  const settings = await regionSettings(db, region);
  const { workedMinutes, running } = await workedToday(db, rider.id, now, zone);
  const verdict = evaluateRules({ region, vehicle: rider.vehicleType, now, settings, workedMinutes });
  const { hours } = verdict;
  const reachesAt = running && !hours.reached ? new Date(now.getTime() + hours.remainingMinutes * MINUTE) : null;
  return { region, zone, settings, verdict, running, reachesAt };
}

/** A restriction as the wire carries it: instants plus their local clock times. */
const restrictionView = (r: Restriction, zone: string) => ({
  rule: r.rule,
  blocks: r.blocks,
  start: r.start.toISOString(),
  end: r.end.toISOString(),
  from: clockTime(r.start, zone),
  to: clockTime(r.end, zone),
});

/**
 * rider.rulesNow: the rider's restrictions now and soon, and today's hours. Reading it inside the
 * warning window posts the hours notice (once per rider and day) to the rider and the company.
 */
export async function riderRulesNow(db: Db, riderId: string, now = new Date()) {
  const rider = await db.query.riders.findFirst({ where: eq(riders.id, riderId) });
  if (!rider) throw notFound(msg('errors.riderNotFound'));
  const s = await riderRulesState(db, rider, now);
  if (s.verdict.hours.warning && s.reachesAt) await warnHours(db, rider, s.zone, s.settings.maxDailyHours, s.reachesAt, now);
  return {
    region: s.region,
    timeZone: s.zone,
    vehicle: rider.vehicleType,
    active: s.verdict.active.map((r) => restrictionView(r, s.zone)),
    upcoming: s.verdict.upcoming.map((r) => restrictionView(r, s.zone)),
    hours: {
      ...s.verdict.hours,
      maxDailyHours: s.settings.maxDailyHours,
      running: s.running,
      reachesAt: s.reachesAt?.toISOString() ?? null,
      reachesAtClock: s.reachesAt ? clockTime(s.reachesAt, s.zone) : null,
    },
  };
}

async function warnHours(db: Db, rider: RiderRow, zone: string, maxHours: number, reachesAt: Date, now: Date) {
  const d = localDate(now, zone);
  const day = `${d.y}-${String(d.m).padStart(2, '0')}-${String(d.d).padStart(2, '0')}`;
  const params = { rider: rider.name, hours: maxHours, time: reachesAt.toISOString() };
  for (const audience of ['rider', 'company'] as const) {
    await notify(
      db,
      { companyId: rider.companyId, riderId: rider.id, audience, kind: 'hours_warning', params, dedupeKey: `hours_warning:${rider.id}:${day}:${audience}` },
      now,
    );
  }
}

/** Today's rules as the wire carries them. */
const todayView = (rules: RuleToday[], zone: string) =>
  rules.map((r) => ({
    rule: r.rule,
    enabled: r.enabled,
    state: r.state,
    from: r.window ? clockTime(r.window.start, zone) : null,
    to: r.window ? clockTime(r.window.end, zone) : null,
  }));

/** company.rulesToday: the company's region's rules, read-only, with today's state. */
export async function companyRulesToday(db: Db, companyId: string, now = new Date()) {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId), columns: { region: true } });
  if (!company) throw notFound(msg('errors.companyNotFound'));
  const region = company.region;
  const settings = await regionSettings(db, region);
  return { region, timeZone: zoneOf(region), settings, rules: todayView(rulesToday(region, now, settings), zoneOf(region)) };
}

/** admin.regionRules: every region's settings, who changed them last, and today's state. */
export async function listRegionRules(db: Db, now = new Date()) {
  const rows = await db
    .select({ region: regionRules.region, updatedAt: regionRules.updatedAt, updatedByName: users.firstName })
    .from(regionRules)
    .leftJoin(users, eq(users.id, regionRules.updatedBy));
  return Promise.all(
    REGION_IDS.map(async (region) => {
      const settings = await regionSettings(db, region);
      const row = rows.find((r) => r.region === region);
      return {
        region,
        timeZone: zoneOf(region),
        settings,
        updatedAt: row?.updatedAt?.toISOString() ?? null,
        updatedBy: row?.updatedByName ?? null,
        rules: todayView(rulesToday(region, now, settings), zoneOf(region)),
      };
    }),
  );
}

/** admin.regionRulesUpdate: the whole row for one region, audited with before and after. */
export async function updateRegionRules(db: Db, actorId: string, input: RegionRulesInput, now = new Date()) {
  const { region, ...settings } = input;
  const before = await regionSettings(db, region);
  await db.transaction(async (tx) => {
    await tx
      .insert(regionRules)
      .values({ region, ...settings, updatedBy: actorId, updatedAt: now })
      .onConflictDoUpdate({ target: regionRules.region, set: { ...settings, updatedBy: actorId, updatedAt: now } });
    await audit(tx, { actorId, action: 'update', entity: 'region_rules', entityId: region, before, after: settings });
  });
  return (await listRegionRules(db, now)).find((r) => r.region === region)!;
}
