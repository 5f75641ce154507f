import { beforeAll, expect, test } from 'bun:test';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDb, type Db } from '../../../db/client';
import { freshDbFile } from '../../../test/db';
import { req, testApp } from '../../../test/app';

let db: Db;
/** A built front end of one page: a missing file there is the SPA server's real 404. */
const dist = mkdtempSync(join(tmpdir(), 'kwt-dist-'));
beforeAll(async () => {
  db = await createDb({ url: `file:${await freshDbFile()}` });
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>KWT</title>');
});

test('NODE_ENV=test serves the browser tests’ tiles and counts them', async () => {
  const app = testApp(db);
  const res = await req(app, '/e2e-tiles/15/21871/13894.png');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('image/png');
  const bytes = new Uint8Array(await res.arrayBuffer());
  expect([...bytes.slice(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  await req(app, '/e2e-tiles/15/21872/13894.png');
  expect(await (await req(app, '/e2e-tiles/hits')).json()).toEqual({ hits: 2 });
});

test('production and development never mount it: a tile path there is a plain 404', async () => {
  for (const NODE_ENV of ['production', 'development']) {
    const app = testApp(db, { NODE_ENV, APP_URL: 'https://kwt.example.com', DIST_DIR: dist });
    const res = await req(app, '/e2e-tiles/15/21871/13894.png');
    expect(res.status, NODE_ENV).toBe(404);
    expect(res.headers.get('content-type') ?? '', NODE_ENV).not.toContain('image/png');
    // No counter either: the path is one of the SPA's, answered with its page.
    const hits = await req(app, '/e2e-tiles/hits');
    expect(hits.headers.get('content-type'), NODE_ENV).toBe('text/html; charset=utf-8');
    expect(await hits.text(), NODE_ENV).toBe('<!doctype html><title>KWT</title>');
  }
});
