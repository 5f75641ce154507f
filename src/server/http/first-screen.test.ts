import { afterAll, describe, expect, test } from 'bun:test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freshWorldApp, getWith, login } from '../../../test/app';
import { TEST_PASSWORD } from '../../../test/factories';
import { BUILT_INDEX } from '../../../test/fixtures/built-index';

const dist = mkdtempSync(join(tmpdir(), 'kwt-dist-'));
writeFileSync(join(dist, 'index.html'), BUILT_INDEX);
const { w, app } = await freshWorldApp({ DIST_DIR: dist });
afterAll(() => rmSync(dist, { recursive: true, force: true }));

const stateOf = (html: string) => JSON.parse(/<script type="application\/json" id="kwt-state">(.*?)<\/script>/.exec(html)![1]!) as [unknown[], unknown][];

describe('GET /app', () => {
  test("a rider gets the page with their own first screen's answers, never stored", async () => {
    const cookie = await login(app, 'rider.a@example.com', TEST_PASSWORD);
    const res = await getWith(app, '/app', cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toContain('Cookie');
    const state = stateOf(await res.text());
    expect(state.find(([key]) => JSON.stringify(key[0]) === '["auth","me"]')?.[1]).toMatchObject({ id: w.riderA.user.id });
    expect(state.find(([key]) => JSON.stringify(key[0]) === '["rider","rulesNow"]')?.[1]).toMatchObject({ timeZone: 'Asia/Kuwait' });
  });

  test("and, once the renderer has started, the rider app itself in #app", async () => {
    const cookie = await login(app, 'rider.b@example.com', TEST_PASSWORD);
    let html = '';
    for (let i = 0; i < 60 && !html.includes('shell-loading'); i++) {
      html = await (await getWith(app, '/app', cookie)).text();
      if (!html.includes('shell-loading')) await Bun.sleep(250);
    }
    expect(html).toContain('<template id="shell-loading" data-time-zone="Asia/Dubai" data-lang="en">');
    expect(html).toMatch(/<div id="app"><div inert class="flex min-h-dvh flex-col bg-base-200">/);
    expect(html).toContain('data-testid="rider-app"');
  });

  test('a browser that holds rider-app state (its cookie says so) gets the answers without a rendering', async () => {
    const cookie = await login(app, 'rider.b@example.com', TEST_PASSWORD);
    const html = await (await getWith(app, '/app', `${cookie}; kwt_rider_state=1`)).text();
    expect(html).toContain('id="kwt-state"');
    expect(html).not.toContain('shell-loading');
    expect(html).not.toContain('data-testid="rider-app"');
  });

  test('anyone else gets the page as built', async () => {
    const manager = await login(app, 'manager@alpha.example', TEST_PASSWORD);
    const admin = await login(app, 'admin@kwtdelivery.com', TEST_PASSWORD);
    for (const cookie of [undefined, manager, admin, 'kwt_session=not-a-session']) {
      const res = await getWith(app, '/app', cookie);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(BUILT_INDEX);
    }
  });
});
