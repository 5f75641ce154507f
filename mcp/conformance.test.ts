import { afterAll, beforeAll, expect, test } from 'bun:test';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createDb, type Db } from '../db/client';
import { testEnv } from '../test/app';
import { templatePath } from '../test/db';
import { makeToolWorld } from '../test/tool-world';
import { configureLog } from '../src/server/log';
import { serveOptions } from '../src/server/serve';
import { createApiToken } from '../src/server/services/identity';

/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance, a dev dependency: no network
 * at test time) against /mcp on the real server (serve.ts's Bun.serve options, a fresh database, an API
 * token made in the app). Every `server` scenario the suite knows is either run here or excluded below
 * with its reason (docs/decisions/009-mcp-reference-level.md); a scenario a newer suite adds fails the
 * test until it is placed. Any FAILURE fails the test; the scenarios that must pass say so.
 *
 * The suite's client cannot send an Authorization header (no option, no environment variable), so it
 * talks to a loopback proxy that adds `Bearer <token>` and forwards everything else as it came, Origin
 * included. APP_URL is the proxy's origin, as a deployment sets it: that is the origin /mcp accepts.
 */
const RUN = {
  'server-initialize': 'initialize handshake over Streamable HTTP',
  ping: 'the ping utility',
  'tools-list': 'tools/list: each tool with name, description and inputSchema',
  'dns-rebinding-protection': 'a request with a foreign Host/Origin is refused (4xx), our own origin accepted',
  // Both open concurrent POSTs; a stateless server (no session id, JSON answers) gets WARNING/INFO only,
  // but a refused or broken concurrent POST would be a FAILURE.
  'server-sse-multiple-streams': 'concurrent POSTs on one connection',
  'server-sse-polling': 'a tools/call POST answered as the server chose (JSON here: no priming events to test)',
} as const;

/** Scenarios that must report at least one SUCCESS (the others may only warn on a stateless server). */
const MUST_PASS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];

const FIXTURE_TOOL = 'calls a tool only the suite\'s reference test server defines; this server offers the product\'s own tools and no test-only tool to every client (the behaviour it checks is in mcp.test.ts)';
const EXCLUDED: Record<string, string> = {
  'logging-set-level': 'no logging capability is offered (tool errors are results; the server logs to its own stderr)',
  'completion-complete': 'no prompts or resource templates, so no completions capability',
  'tools-call-simple-text': `test_simple_text: ${FIXTURE_TOOL}`,
  'tools-call-image': `test_image_content: ${FIXTURE_TOOL}; no tool returns images`,
  'tools-call-audio': `test_audio_content: ${FIXTURE_TOOL}; no tool returns audio`,
  'tools-call-embedded-resource': `test_embedded_resource: ${FIXTURE_TOOL}; no resources`,
  'tools-call-mixed-content': `test_multiple_content_types: ${FIXTURE_TOOL}`,
  'tools-call-with-logging': `test_tool_with_logging: ${FIXTURE_TOOL}; no logging notifications`,
  'tools-call-error': `test_error_handling: ${FIXTURE_TOOL} (isError results are tested in mcp.test.ts)`,
  'tools-call-with-progress': `test_tool_with_progress: ${FIXTURE_TOOL}; no progress notifications (stateless, JSON answers)`,
  'tools-call-sampling': `test_sampling: ${FIXTURE_TOOL}; the server never asks the client for sampling`,
  'tools-call-elicitation': `test_elicitation: ${FIXTURE_TOOL}; the server never elicits input`,
  'elicitation-sep1034-defaults': 'test_elicitation_sep1034_defaults: no elicitation',
  'elicitation-sep1330-enums': 'test_elicitation_sep1330_enums: no elicitation',
  'json-schema-2020-12': `json_schema_2020_12_tool: ${FIXTURE_TOOL} (additionalProperties: false on every inputSchema is tested in mcp.test.ts)`,
  'resources-list': 'no resources capability',
  'resources-read-text': 'no resources capability',
  'resources-read-binary': 'no resources capability',
  'resources-templates-read': 'no resources capability',
  'resources-subscribe': 'no resources capability',
  'resources-unsubscribe': 'no resources capability',
  'prompts-list': 'no prompts capability',
  'prompts-get-simple': 'no prompts capability',
  'prompts-get-with-args': 'no prompts capability',
  'prompts-get-embedded-resource': 'no prompts capability',
  'prompts-get-with-image': 'no prompts capability',
};

const ROOT = resolve(import.meta.dir, '..');
const CLI = join(ROOT, 'node_modules/@modelcontextprotocol/conformance/dist/index.js');

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
}

let dir: string;
let db: Db;
let app: ReturnType<typeof Bun.serve>;
let proxy: ReturnType<typeof Bun.serve>;

beforeAll(async () => {
  configureLog({ level: 'warn' });
  dir = mkdtempSync(join(tmpdir(), 'kwt-conformance-'));
  copyFileSync(await templatePath(), join(dir, 'mcp.db'));
  db = await createDb({ url: `file:${join(dir, 'mcp.db')}` });
  const { managerA } = await makeToolWorld(db);
  const { token } = await createApiToken(db, managerA.id, 'Conformance suite');
  let appOrigin = '';
  proxy = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    fetch: async (req) => {
      const url = new URL(req.url);
      const headers = new Headers(req.headers);
      headers.delete('host');
      headers.set('authorization', `Bearer ${token}`);
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.arrayBuffer();
      return fetch(`${appOrigin}${url.pathname}${url.search}`, { method: req.method, headers, body, redirect: 'manual' });
    },
  });
  app = Bun.serve({ port: 0, hostname: '127.0.0.1', ...serveOptions(db, testEnv({ APP_URL: `http://127.0.0.1:${proxy.port}` })) });
  appOrigin = `http://127.0.0.1:${app.port}`;
});

afterAll(async () => {
  await proxy?.stop(true);
  await app?.stop(true);
  db?.$client.close();
  configureLog({ level: 'info' });
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function cli(args: string[]) {
  const child = Bun.spawn([process.execPath, CLI, ...args], { cwd: ROOT, stdout: 'pipe', stderr: 'pipe', env: { ...process.env, NO_COLOR: '1' } });
  const [stdout, stderr, code] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { stdout, stderr, code };
}

/** One scenario's checks, from the checks.json the suite writes under its output directory. */
async function runScenario(name: string): Promise<{ code: number; checks: Check[]; output: string }> {
  const out = join(dir, `out-${name}`);
  const { stdout, stderr, code } = await cli(['server', '--url', `http://127.0.0.1:${proxy.port}/mcp`, '--scenario', name, '-o', out]);
  const file = readdirSync(out, { recursive: true, encoding: 'utf8' }).find((f) => f.endsWith('checks.json'));
  const checks = file ? (JSON.parse(readFileSync(join(out, file), 'utf8')) as Check[]) : [];
  return { code, checks, output: `${stdout}\n${stderr}` };
}

test('every server scenario of the suite is either run or excluded with a reason', async () => {
  const { stdout } = await cli(['list']);
  const server = stdout.split('Client scenarios')[0]!;
  const known = [...server.matchAll(/^\s+- (\S+)/gm)].map((m) => m[1]!);
  expect(known.length).toBeGreaterThan(20);
  expect(known.toSorted()).toEqual([...Object.keys(RUN), ...Object.keys(EXCLUDED)].toSorted());
});

test('the official conformance scenarios that apply to a tools-only server pass with no FAILURE', async () => {
  const results = await Promise.all(Object.keys(RUN).map(async (name) => ({ name, ...(await runScenario(name)) })));
  for (const r of results) {
    const failures = r.checks.filter((c) => c.status === 'FAILURE').map((c) => `${c.id}: ${c.errorMessage}`);
    expect({ scenario: r.name, failures, code: r.code }).toEqual({ scenario: r.name, failures: [], code: 0 });
    expect({ scenario: r.name, ran: r.checks.length > 0 }).toEqual({ scenario: r.name, ran: true });
    if (MUST_PASS.includes(r.name)) expect({ scenario: r.name, passed: r.checks.some((c) => c.status === 'SUCCESS') }).toEqual({ scenario: r.name, passed: true });
  }
});
