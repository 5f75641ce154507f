import { beforeAll, describe, expect, test } from 'bun:test';
import { freshAnalysisWorld, NOW, RATE } from '../../../../../test/analysis-world';
import { callerFor, getWith, postJson, testApp, testEnv, type TestApp, loginWorld, type WorldCookies } from '../../../../../test/app';
import { expectTRPCError, firstIssue } from '../../../../../test/expect';
import { localIsoDate } from '../../../../shared/schemas/order-import';
import type { Analysis } from '../../../../shared/schemas/ai';
import { loadSessionUser } from '../../identity';
import { analysisSummaryText, runAnalysis } from './index';
import { managerReport } from './report';

const { db, w } = await freshAnalysisWorld();
let app: TestApp;
let cookies: WorldCookies;
const viewer = async (userId: string) => (await loadSessionUser(db, userId))!;
const report = async (viewerId: string, userId: string) => managerReport(db, await viewer(viewerId), userId, { now: NOW, aedToKwd: RATE });

beforeAll(async () => {
  app = testApp(db, { AED_TO_KWD_RATE: String(RATE) });
  cookies = await loginWorld(app);
});

describe('manager report', () => {
  test('a company manager’s own: the four analyses of its fleet, the period report, the file name', async () => {
    const r = await report(w.managerA.id, w.managerA.id);
    expect(r.fileName).toBe('kwt-delivery-report-alpha-couriers-2026-05-20.json');
    expect(r).toMatchObject({
      title: 'KWT Delivery manager report',
      generatedAt: '2026-05-20T09:00:00.000Z',
      user: { id: w.managerA.id, name: 'Mona ' + w.managerA.lastName, email: 'manager@alpha.example', role: 'company', companyName: 'Alpha Couriers' },
      scope: { kind: 'company', name: 'Alpha Couriers' },
      period: { from: '2026-05-01', to: '2026-05-20', timeZone: 'Asia/Kuwait' },
      aedToKwdRate: RATE,
      priority: 'high',
    });
    for (const type of ['financial', 'hr', 'legal', 'performance'] as const) {
      expect(r.analyses[type]).toEqual(await runAnalysis(db, w.scopes.companyA, type, { now: NOW, aedToKwd: RATE }));
    }
    expect(r.periodReport).toMatchObject({ from: '2026-05-01', to: '2026-05-20', scope: { companyId: w.companyA.id, companyName: 'Alpha Couriers' }, orders: { total: 8 } });
    expect(r.periodReport).not.toHaveProperty('id');
  });

  test('a rider’s own: its company in the name, no period report', async () => {
    const r = await report(w.riderA.user.id, w.riderA.user.id);
    expect(r.fileName).toBe('kwt-delivery-report-alpha-couriers-2026-05-20.json');
    expect(r.scope).toEqual({ kind: 'rider', name: 'Rami Alpha' });
    expect(r.periodReport).toBeNull();
    expect(JSON.stringify(r)).not.toMatch(/Aziz|Beta/);
  });

  test('an admin may download anyone’s; their own covers all companies', async () => {
    expect((await report(w.admin.id, w.managerB.id)).fileName).toBe('kwt-delivery-report-beta-express-2026-05-20.json');
    const own = await report(w.admin.id, w.admin.id);
    expect(own.fileName).toBe('kwt-delivery-report-all-companies-2026-05-20.json');
    expect(own.periodReport?.scope).toEqual({ companyId: null, companyName: null });
  });

  test('another user’s report is refused before the id is looked up; an unknown user is not found', async () => {
    await expect(report(w.managerA.id, w.managerB.id)).rejects.toThrow('Access denied: you may only download your own report');
    await expect(report(w.managerA.id, 'no-such-user')).rejects.toThrow('Access denied: you may only download your own report');
    await expect(report(w.admin.id, 'no-such-user')).rejects.toThrow('User not found');
  });
});

describe('ai.analysis and ai.downloadReport over tRPC', () => {
  test('each caller gets its own scope', async () => {
    const env = testEnv({ AED_TO_KWD_RATE: String(RATE) });
    const analysisScopeOf = async (userId: string) => (await (await callerFor(db, userId, env)).ai.analysis({ type: 'financial', timeframe: 'monthly' })).analysis.scope;
    expect(await analysisScopeOf(w.admin.id)).toEqual({ kind: 'system', name: 'All companies' });
    expect(await analysisScopeOf(w.managerB.id)).toEqual({ kind: 'company', name: 'Beta Express' });
    expect(await analysisScopeOf(w.riderA.user.id)).toEqual({ kind: 'rider', name: 'Rami Alpha' });
  });

  test('a bad type or timeframe is a 400 with the schema’s message', async () => {
    const caller = await callerFor(db, w.managerA.id);
    const err = await expectTRPCError(caller.ai.analysis({ type: 'marketing' as never }), 'BAD_REQUEST');
    expect(firstIssue(err)).toBe('type: type must be one of financial, hr, legal, performance');
    const weekly = await expectTRPCError(caller.ai.analysis({ type: 'hr', timeframe: 'weekly' as never }), 'BAD_REQUEST');
    expect(firstIssue(weekly)).toBe('timeframe: timeframe must be monthly');
  });

  test('download: other user 403, unknown 404', async () => {
    const company = await callerFor(db, w.managerA.id);
    await expectTRPCError(company.ai.downloadReport({ userId: w.riderA.user.id }), 'FORBIDDEN', 'Access denied: you may only download your own report');
    await expectTRPCError((await callerFor(db, w.admin.id)).ai.downloadReport({ userId: 'no-such-user' }), 'NOT_FOUND', 'User not found');
  });
});

describe('REST: POST /api/ai/analysis and GET /api/ai/download-report/{userId}', () => {
  test('analysis answers { analysis } for the caller’s scope; timeframe defaults to monthly', async () => {
    const res = await postJson(app, '/api/ai/analysis', { type: 'legal' }, { cookie: cookies.managerB });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { analysis: Analysis };
    expect(body.analysis).toMatchObject({ type: 'legal', timeframe: 'monthly', scope: { kind: 'company', name: 'Beta Express' } });
    expect(['high', 'medium', 'low']).toContain(body.analysis.priority);
    // Beta Express passes every check: nothing to recommend.
    expect(body.analysis.recommendations).toEqual([]);
    expect(JSON.stringify(body)).not.toMatch(/Alpha|Rami|Aziz/);
  });

  test('a bad type: 400 naming the field', async () => {
    const res = await postJson(app, '/api/ai/analysis', { type: 'marketing', timeframe: 'monthly' }, { cookie: cookies.riderA });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({ code: 'BAD_REQUEST', message: 'type: type must be one of financial, hr, legal, performance', field: 'type', fields: { type: 'type must be one of financial, hr, legal, performance' } });
  });

  test('the report is a JSON file named with the company and the local date', async () => {
    const res = await getWith(app, `/api/ai/download-report/${w.managerA.id}`, cookies.managerA);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const name = `kwt-delivery-report-alpha-couriers-${localIsoDate(new Date(), 'Asia/Kuwait')}.json`;
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
    const body = await res.json();
    expect(body.fileName).toBe(name);
    expect(Object.keys(body.analyses).sort()).toEqual(['financial', 'hr', 'legal', 'performance']);
  });

  test('a rider downloads its own; a company another user’s is 403; unknown is 404 for an admin', async () => {
    expect((await getWith(app, `/api/ai/download-report/${w.riderA.user.id}`, cookies.riderA)).status).toBe(200);
    const refused = await getWith(app, `/api/ai/download-report/${w.managerB.id}`, cookies.managerA);
    expect(refused.status).toBe(403);
    expect(refused.headers.get('content-disposition')).toBeNull();
    expect((await refused.json()).error).toEqual({ code: 'FORBIDDEN', message: 'Access denied: you may only download your own report' });
    const unknown = await getWith(app, '/api/ai/download-report/no-such-user', cookies.admin);
    expect(unknown.status).toBe(404);
    expect((await unknown.json()).error).toEqual({ code: 'NOT_FOUND', message: 'User not found' });
  });
});

describe('analysisSummaryText', () => {
  test('title, text, recommendations and priority as plain text', async () => {
    const a = await runAnalysis(db, w.scopes.companyB, 'legal', { now: NOW, aedToKwd: RATE });
    expect(analysisSummaryText(a)).toBe(
      [
        'Legal and compliance analysis for Beta Express, 2026-05-01 to 2026-05-20',
        a.analysis,
        'Priority: Low',
      ].join('\n'),
    );
  });
});
