/**
 * The peak req/s of the soak's mix. Each kind of request is run alone, closed-loop, as `bun bench/api.ts`
 * runs its endpoints (bench/api/autocannon.mjs, 64 connections, 5 s after a 1 s warm-up), against the
 * soak's own server and data right before the soak, so the figures are of this run's machine and data
 * (.tmp/bench-api.json is rewritten by every partial run of bench/api.ts, and has no rider dashboard).
 * A mix with shares w_i of kinds that peak at p_i req/s each takes Σ w_i / p_i seconds of the server per
 * request, so it peaks at 1 / Σ(w_i / p_i) req/s.
 */
import { runGenerator } from '../api/harness';
import type { BenchRider } from '../api/prepare';

export type Kind = 'ping' | 'session' | 'riderDashboard' | 'companyOrders' | 'adminDashboard';

/** Percent of requests per kind: pings 70 %, session checks 20 %, the three pages 10 % between them. */
export const MIX: Record<Kind, number> = { ping: 70, session: 20, riderDashboard: 4, companyOrders: 3, adminDashboard: 3 };

export const KINDS = Object.keys(MIX) as Kind[];

export const ORDERS_PATH = `/api/trpc/company.orderList?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: { page: 1, pageSize: 20 } }))}`;

export function mixPeak(perKind: Record<Kind, number>): number {
  return 1 / KINDS.reduce((s, k) => s + MIX[k] / 100 / perKind[k], 0);
}

interface Target {
  api: string;
  riders: BenchRider[];
  admin: string;
  manager: string;
}

/** The autocannon.mjs config of one kind. */
function configOf(kind: Kind, t: Target) {
  const tokens = t.riders.map((r) => r.token);
  switch (kind) {
    case 'ping':
      return { url: t.api, path: '/api/riders/x/location', riders: t.riders };
    case 'session':
      return { url: t.api, path: '/api/auth/user', cookies: tokens };
    case 'riderDashboard':
      return { url: t.api, path: '/api/dashboard/rider', cookies: tokens };
    case 'companyOrders':
      return { url: t.api + ORDERS_PATH, path: ORDERS_PATH, headers: { cookie: `kwt_session=${t.manager}` } };
    case 'adminDashboard':
      return { url: `${t.api}/api/dashboard/admin`, path: '/api/dashboard/admin', headers: { cookie: `kwt_session=${t.admin}` } };
  }
}

/** Each kind's closed-loop req/s; throws when a run had errors or non-2xx answers. */
export async function measurePeaks(t: Target, opts = { connections: 64, duration: 5, warmup: 1 }): Promise<Record<Kind, number>> {
  const out = {} as Record<Kind, number>;
  for (const kind of KINDS) {
    const r = await runGenerator<{ reqPerSec: number; non2xx: number; errors: number; timeouts: number }>('autocannon.mjs', { ...configOf(kind, t), ...opts });
    if (r.non2xx || r.errors || r.timeouts) throw new Error(`${kind}: ${r.non2xx} non-2xx, ${r.errors} errors, ${r.timeouts} timeouts while measuring the peak`);
    out[kind] = r.reqPerSec;
  }
  return out;
}
