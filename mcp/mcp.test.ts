import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { discoverOAuthServerInfo, UnauthorizedError, type OAuthClientProvider } from '@modelcontextprotocol/sdk/client/auth.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv-provider.js';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { createDb, type Db } from '../db/client';
import { apiTokens } from '../db/schema';
import { testApp } from '../test/app';
import { templatePath } from '../test/db';
import { makeToolWorld, type ToolWorld } from '../test/tool-world';
import { createApiToken, revokeApiToken, loadSessionUser } from '../src/server/services/identity';
import { OTHER_COMPANY, RIDER_NOT_FOUND } from '../src/server/ai/tools/scope';
import { NO_OAUTH } from '../src/server/rest/oauth-discovery';
import { callTool, toolsFor } from '../src/server/ai/tools';
import { scopeForUser } from '../src/server/services/reports';
import { describeTool, wireOf } from './server';

/**
 * The MCP server through the SDK's own client, over both transports: stdio (a child process on a
 * database file, as `bun run mcp` runs) and Streamable HTTP (/mcp on the app, on a real port).
 */
const ROOT = resolve(import.meta.dir, '..');
let dir: string;
let dbUrl: string;
let db: Db;
let w: ToolWorld;
let server: ReturnType<typeof Bun.serve>;
let mcpUrl: URL;
const tokens = {} as Record<'admin' | 'companyA' | 'riderA' | 'revoked', string>;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'kwt-mcp-'));
  const path = join(dir, 'mcp.db');
  copyFileSync(await templatePath(), path);
  dbUrl = `file:${path}`;
  db = await createDb({ url: dbUrl });
  w = await makeToolWorld(db);
  tokens.admin = (await createApiToken(db, w.admin.id, 'Admin desktop')).token;
  tokens.companyA = (await createApiToken(db, w.managerA.id, 'Alpha laptop')).token;
  tokens.riderA = (await createApiToken(db, w.riderA.user.id, 'Rider A')).token;
  const revoked = await createApiToken(db, w.managerB.id, 'Lost laptop');
  await revokeApiToken(db, { id: w.managerB.id, role: 'company' }, revoked.apiToken.id);
  tokens.revoked = revoked.token;
  // A built front end, as in production: any other path gets the web app's page.
  mkdirSync(join(dir, 'dist'));
  writeFileSync(join(dir, 'dist', 'index.html'), '<!doctype html><title>KWT Delivery</title>');
  server = Bun.serve({ port: 0, hostname: '127.0.0.1', fetch: testApp(db, { DIST_DIR: join(dir, 'dist') }).fetch });
  mcpUrl = new URL(`http://127.0.0.1:${server.port}/mcp`);
});

afterAll(async () => {
  await server?.stop(true);
  db?.$client.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

async function overHttp(token: string) {
  const client = new Client({ name: 'kwt-test', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** An OAuth-capable client (as the inspector wires one) whose bearer token is an API token made in the app. */
function tokenProvider(token: string, redirected: URL[]): OAuthClientProvider {
  return {
    redirectUrl: 'http://127.0.0.1/callback',
    clientMetadata: { client_name: 'kwt-test', redirect_uris: ['http://127.0.0.1/callback'] },
    clientInformation: () => ({ client_id: 'kwt-test' }),
    tokens: () => ({ access_token: token, token_type: 'Bearer' }),
    saveTokens: () => {},
    redirectToAuthorization: (url) => void redirected.push(url),
    saveCodeVerifier: () => {},
    codeVerifier: () => 'v',
  };
}

function stdioTransport(env: Record<string, string>) {
  return new StdioClientTransport({
    command: process.execPath,
    args: ['mcp/stdio.ts'],
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'test', SEED_DEMO: 'false', DATABASE_URL: dbUrl, ...env },
    stderr: 'pipe',
  });
}

async function overStdio(env: Record<string, string>) {
  const client = new Client({ name: 'kwt-test', version: '1.0.0' });
  await client.connect(stdioTransport(env));
  return client;
}

const structured = (r: unknown) => (r as CallToolResult).structuredContent as Record<string, unknown>;
const errorText = (r: unknown) => {
  const res = r as CallToolResult;
  expect(res.isError).toBe(true);
  return (res.content[0] as { text: string }).text;
};
const rawPost = (headers: Record<string, string>) =>
  fetch(mcpUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
  });

describe('MCP over Streamable HTTP (/mcp)', () => {
  test('an admin token lists every tool with its schema and gets the system stats', async () => {
    const client = await overHttp(tokens.admin);
    const { tools } = await client.listTools();
    expect(tools).toHaveLength(12);
    const search = tools.find((t) => t.name === 'search_orders')!;
    expect(search.description).toContain('Asia/Kuwait');
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(expect.arrayContaining(['q', 'status', 'companyId', 'from', 'to', 'page', 'pageSize']));
    const stats = await client.callTool({ name: 'system_stats', arguments: {} });
    expect(structured(stats)).toMatchObject({ scope: 'system', totalRiders: 4, totalCompanies: 2 });
    expect(JSON.parse(((stats as CallToolResult).content[0] as { text: string }).text)).toEqual(structured(stats));
    await client.close();
  });

  test('no token, a wrong token and a revoked token are 401 with WWW-Authenticate: Bearer', async () => {
    const none = await rawPost({});
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toStartWith('Bearer ');
    expect(await none.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: 'An API token is required: send Authorization: Bearer <token>' } });
    for (const bad of [`kwt_${'x'.repeat(43)}`, tokens.revoked]) {
      const res = await rawPost({ authorization: `Bearer ${bad}` });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('error="invalid_token"');
      expect(await res.json()).toMatchObject({ error: { code: 'UNAUTHORIZED', message: 'The API token is invalid or has been revoked' } });
    }
    await expect(overHttp(tokens.revoked)).rejects.toMatchObject({ code: 401 });
  });

  test('a company token sees only its own company, whatever id it asks for', async () => {
    const client = await overHttp(tokens.companyA);
    expect(errorText(await client.callTool({ name: 'list_riders', arguments: { companyId: w.companyB.id } }))).toBe(OTHER_COMPANY);
    expect(errorText(await client.callTool({ name: 'search_orders', arguments: { companyId: w.companyB.id } }))).toBe(OTHER_COMPANY);
    expect(errorText(await client.callTool({ name: 'rider_performance', arguments: { riderId: w.riderB.id } }))).toBe(RIDER_NOT_FOUND);
    const riders = structured(await client.callTool({ name: 'list_riders', arguments: {} })) as { items: { companyId: string }[] };
    expect(riders.items.map((r) => r.companyId)).toEqual([w.companyA.id, w.companyA.id]);
    const orders = structured(await client.callTool({ name: 'search_orders', arguments: { q: 'Beta' } })) as { total: number };
    expect(orders.total).toBe(0);
    const companies = structured(await client.callTool({ name: 'list_companies', arguments: {} })) as { items: { id: string }[] };
    expect(companies.items.map((c) => c.id)).toEqual([w.companyA.id]);
    await client.close();
  });

  test('dispatch_status (issue 25): a company token gets its own dispatch picture; admins and riders have no such tool', async () => {
    const client = await overHttp(tokens.companyA);
    const status = structured(await client.callTool({ name: 'dispatch_status', arguments: {} })) as Record<string, unknown>;
    expect(status).toEqual({
      mode: 'manual',
      waitingForRider: { needsRider: [], notOffered: 1 },
      offersOut: [],
      ridersAvailable: 0,
      ridersOnDuty: 0,
      perArea: [{ area: 'Sultan Center', waitingOrders: 1, ridersAvailable: 0 }],
    });
    expect(errorText(await client.callTool({ name: 'dispatch_status', arguments: { companyId: w.companyB.id } }))).toContain('companyId');
    await client.close();
    for (const who of ['admin', 'riderA'] as const) {
      const other = await overHttp(tokens[who]);
      expect((await other.listTools()).tools.map((t) => t.name)).not.toContain('dispatch_status');
      await other.close();
    }
  });

  test('the analysis tools return figures from the data; bad input is a tool error naming the field', async () => {
    const client = await overHttp(tokens.companyA);
    const fin = structured(await client.callTool({ name: 'analysis_financial', arguments: {} }));
    expect(fin).toMatchObject({ type: 'financial', timeframe: 'monthly', scope: { kind: 'company', name: 'Alpha Couriers' } });
    expect(Object.keys(fin.figures as object).length).toBeGreaterThan(0);
    for (const type of ['hr', 'legal', 'performance']) expect(structured(await client.callTool({ name: `analysis_${type}`, arguments: {} }))).toMatchObject({ type });
    expect(errorText(await client.callTool({ name: 'search_orders', arguments: { status: 'lost' } }))).toContain('status');
    await client.close();
  });

  test('a rider token has no directory tools and sees only its own cash', async () => {
    const client = await overHttp(tokens.riderA);
    const names = (await client.listTools()).tools.map((t) => t.name);
    expect(names).not.toContain('list_riders');
    expect(names).not.toContain('list_companies');
    const cash = structured(await client.callTool({ name: 'cash_reconciliation', arguments: {} })) as { riders: { riderId: string; onHand: string }[] };
    expect(cash.riders).toEqual([expect.objectContaining({ riderId: w.riderA.id, onHand: '5.000' })]);
    await client.close();
  });

  test('a token\'s last use is stamped; GET is 405; a browser on a foreign origin is refused; over 1 MB is 413', async () => {
    const row = await db.query.apiTokens.findFirst({ where: eq(apiTokens.name, 'Admin desktop') });
    expect(row!.lastUsedAt).not.toBeNull();
    const get = await fetch(mcpUrl, { headers: { authorization: `Bearer ${tokens.admin}`, accept: 'text/event-stream' } });
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
    const foreign = await rawPost({ authorization: `Bearer ${tokens.admin}`, origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const huge = await fetch(mcpUrl, { method: 'POST', headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' }, body: 'x'.repeat(1024 * 1024 + 1) });
    expect(huge.status).toBe(413);
    const ok = await rawPost({ authorization: `Bearer ${tokens.admin}` });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('cache-control')).toBe('no-store');
  });
});

describe('MCP tools as the reference servers describe them', () => {
  test('tools only: no listChanged (nothing can be sent over the stateless transport); each tool with a title, hints and both schemas closed', async () => {
    const client = await overHttp(tokens.admin);
    expect(client.getServerCapabilities()).toEqual({ tools: {} });
    expect(client.getServerVersion()).toMatchObject({ name: 'kwt-delivery', title: 'KWT Delivery' });
    const { tools } = await client.listTools();
    for (const tool of tools) {
      expect(tool.title?.length).toBeGreaterThan(3);
      expect(tool.inputSchema).toMatchObject({ type: 'object', additionalProperties: false });
      expect(tool.outputSchema).toMatchObject({ type: 'object' });
      expect(tool.annotations).toMatchObject({ title: tool.title, openWorldHint: false });
    }
    const hints = Object.fromEntries(tools.map((t) => [t.name, t.annotations?.readOnlyHint]));
    expect(Object.values(hints).filter((h) => h === true)).toHaveLength(11);
    expect(tools.find((t) => t.name === 'create_ticket')!.annotations).toEqual({ title: 'Open a support ticket', readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false });
    // A list result is { items }: its schema says so.
    expect(tools.find((t) => t.name === 'list_tickets')!.outputSchema).toMatchObject({ type: 'object', required: ['items'], additionalProperties: false });
    await client.close();
  });

  test('every tool, for every role, answers with structuredContent that its outputSchema validates (the SDK client checks it)', async () => {
    const args: Record<string, Record<string, unknown>> = {
      rider_performance: { riderId: w.riderA.id },
      create_ticket: { subject: 'Printer', body: 'The label printer jams.' },
      search_orders: { pageSize: 50 },
    };
    for (const who of ['admin', 'companyA', 'riderA'] as const) {
      const client = await overHttp(tokens[who]);
      const { tools } = await client.listTools();
      for (const tool of tools) {
        const res = (await client.callTool({ name: tool.name, arguments: args[tool.name] ?? {} })) as CallToolResult;
        expect({ who, tool: tool.name, isError: res.isError ?? false }).toEqual({ who, tool: tool.name, isError: false });
        expect(JSON.parse((res.content[0] as { text: string }).text)).toEqual(res.structuredContent!);
      }
      await client.close();
    }
  });

  test('no tool result carries a key its outputSchema leaves out (the door would drop it)', async () => {
    const validator = new AjvJsonSchemaValidator();
    for (const userId of [w.admin.id, w.managerA.id, w.riderB.user.id]) {
      const scope = await scopeForUser(db, (await loadSessionUser(db, userId))!);
      for (const tool of toolsFor(scope)) {
        const input = { rider_performance: { riderId: scope.riderId ?? w.riderA.id }, create_ticket: { subject: 'Scanner', body: 'The scanner is slow.' } }[tool.name] ?? {};
        const check = validator.getValidator(describeTool(tool).outputSchema!)(wireOf(await callTool(db, scope, tool.name, input)));
        expect({ role: scope.role, tool: tool.name, error: check.errorMessage }).toEqual({ role: scope.role, tool: tool.name, error: undefined });
      }
    }
  });

  test('a misspelled filter is a tool error naming it, not an answer for every company', async () => {
    const client = await overHttp(tokens.admin);
    const res = await client.callTool({ name: 'list_riders', arguments: { company_id: w.companyA.id } });
    expect(errorText(res)).toBe('Invalid arguments for list_riders: arguments: Unrecognized key: "company_id"');
    const nested = await client.callTool({ name: 'search_orders', arguments: { status: 'delivered', pageSize: 5, sort: 'asc' } });
    expect(errorText(nested)).toBe('Invalid arguments for search_orders: arguments: Unrecognized key: "sort"');
    await expect(client.callTool({ name: 'drop_tables', arguments: {} })).rejects.toMatchObject({ code: -32602, message: 'MCP error -32602: Unknown tool: drop_tables' });
    await client.close();
  });

  test('list_companies for a company token: its own row with counts, as described', async () => {
    const client = await overHttp(tokens.companyA);
    const own = structured(await client.callTool({ name: 'list_companies', arguments: {} }));
    expect(own).toMatchObject({ items: [{ id: w.companyA.id, name: 'Alpha Couriers', riders: 2, region: 'kuwait', currency: 'KWD', active: true }], total: 1, page: 1, pages: 1 });
    expect(structured(await client.callTool({ name: 'list_companies', arguments: { region: 'uae' } }))).toMatchObject({ items: [], total: 0 });
    await client.close();
  });
});

describe('OAuth discovery: there is none, and the paths say so in JSON', () => {
  test('each discovery path is a JSON 404, not the web app\'s page', async () => {
    const paths = ['oauth-protected-resource/mcp', 'oauth-protected-resource', 'oauth-authorization-server', 'openid-configuration', 'oauth-authorization-server/mcp', 'openid-configuration/mcp'];
    for (const path of paths) {
      const res = await fetch(new URL(`/.well-known/${path}`, mcpUrl), { headers: { accept: 'application/json', 'mcp-protocol-version': '2025-11-25' } });
      expect({ path, status: res.status, type: res.headers.get('content-type') }).toEqual({ path, status: 404, type: 'application/json' });
      expect(await res.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: NO_OAUTH } });
    }
  });

  test('the SDK\'s discovery concludes there is no OAuth instead of throwing', async () => {
    expect(await discoverOAuthServerInfo(mcpUrl)).toEqual({ authorizationServerUrl: `${mcpUrl.origin}/`, authorizationServerMetadata: undefined, resourceMetadata: undefined });
  });

  test('an OAuth-capable SDK client with the API token as its bearer token connects; with a revoked one it is told to authorize, no parse error', async () => {
    const redirected: URL[] = [];
    const client = new Client({ name: 'kwt-test', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: tokenProvider(tokens.companyA, redirected) }));
    expect((await client.listTools()).tools.length).toBe(13);
    await client.close();
    const refused = new Client({ name: 'kwt-test', version: '1.0.0' });
    await expect(refused.connect(new StreamableHTTPClientTransport(mcpUrl, { authProvider: tokenProvider(tokens.revoked, redirected) }))).rejects.toBeInstanceOf(UnauthorizedError);
    expect(redirected.map((u) => u.pathname)).toEqual(['/authorize']);
  });
});

describe('MCP over stdio (bun run mcp)', () => {
  test('MCP_USER_EMAIL acts as that account: an admin gets the system stats', async () => {
    const client = await overStdio({ MCP_USER_EMAIL: 'admin@kwtdelivery.com' });
    expect((await client.listTools()).tools).toHaveLength(12);
    expect(structured(await client.callTool({ name: 'system_stats', arguments: {} }))).toMatchObject({ scope: 'system', totalRiders: 4, totalCompanies: 2 });
    await client.close();
  });

  test('MCP_TOKEN acts as the token\'s user: a company token cannot reach another company', async () => {
    const client = await overStdio({ MCP_TOKEN: tokens.companyA });
    expect(errorText(await client.callTool({ name: 'list_riders', arguments: { companyId: w.companyB.id } }))).toBe(OTHER_COMPANY);
    const cash = structured(await client.callTool({ name: 'cash_reconciliation', arguments: {} })) as { riders: { riderId: string }[] };
    expect(cash.riders.map((r) => r.riderId)).toEqual([w.riderA.id]);
    const perf = structured(await client.callTool({ name: 'analysis_performance', arguments: {} }));
    expect(perf).toMatchObject({ type: 'performance', scope: { kind: 'company' } });
    await client.close();
  });

  test('a revoked MCP_TOKEN stops the server with a message on stderr', async () => {
    const transport = stdioTransport({ MCP_TOKEN: tokens.revoked });
    let stderr = '';
    transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const client = new Client({ name: 'kwt-test', version: '1.0.0' });
    await expect(client.connect(transport)).rejects.toThrow();
    expect(stderr).toContain('MCP_TOKEN is not a valid API token');
  });
});
