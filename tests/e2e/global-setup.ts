import { request, type FullConfig } from '@playwright/test';
import { ACCOUNTS, PASSWORD } from './fixtures';

/**
 * The working rules (issue 9) pause motorcycle deliveries at midday in summer and around iftar in
 * Ramadan, by the real clock. Browser tests that assign orders to the demo motorcycle riders must not
 * depend on the day they run, so the seasonal rules start switched off here, through the admin's own
 * API; tests/e2e/working-rules.e2e.ts switches them on where it needs them, and the rules themselves
 * are tested on fixed clocks in src/shared/compliance/rules.test.ts and region-rules.test.ts.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', { data: { email: ACCOUNTS.admin.email, password: PASSWORD } });
  if (login.status() !== 200) throw new Error(`global setup: admin login answered ${login.status()}`);
  const rules = (await (await api.get('/api/trpc/admin.regionRules')).json()) as { result: { data: { region: string; settings: { maxDailyHours: number; warnBeforeMinutes: number } }[] } };
  for (const r of rules.result.data) {
    const res = await api.post('/api/trpc/admin.regionRulesUpdate', {
      data: { region: r.region, summerMotorcycleBan: false, summerMiddayBreak: false, iftarPause: false, maxDailyHours: r.settings.maxDailyHours, warnBeforeMinutes: r.settings.warnBeforeMinutes },
    });
    if (res.status() !== 200) throw new Error(`global setup: rules update answered ${res.status()}: ${await res.text()}`);
  }
  await api.dispose();
}
