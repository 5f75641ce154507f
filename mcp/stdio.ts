/**
 * `bun run mcp`: the MCP server over stdio, for desktop AI clients that start it as a child process.
 * It acts as one account: MCP_TOKEN (an API token made in the app, checked as /mcp checks it) or, for
 * local use by whoever can already read the database, MCP_USER_EMAIL. stdout carries the protocol;
 * every log line goes to stderr.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createDb, type Db } from '../db/client';
import { applyMigrations } from '../db/migrate';
import type { SessionUser } from '../src/shared/schemas/auth';
import { loadEnv, type Env } from '../src/server/env';
import { authenticateApiToken, findUserByEmail, loadSessionUser } from '../src/server/services/identity';
import { buildMcpServer } from './server';
import { actorFor } from '../src/server/services/access';

async function actingUser(db: Db, env: Env): Promise<SessionUser> {
  if (env.MCP_TOKEN) {
    const user = await authenticateApiToken(db, env.MCP_TOKEN);
    if (!user) throw new Error('MCP_TOKEN is not a valid API token (unknown, revoked, or its account is disabled)');
    return user;
  }
  if (env.MCP_USER_EMAIL) {
    const row = await findUserByEmail(db, env.MCP_USER_EMAIL);
    const user = row ? await loadSessionUser(db, row.id) : null;
    if (!user) throw new Error(`MCP_USER_EMAIL: no active account ${env.MCP_USER_EMAIL}`);
    return user;
  }
  throw new Error('Set MCP_TOKEN (an API token made on Support → Downloads → Developer access) or MCP_USER_EMAIL to choose the account the MCP server acts as');
}

try {
  const env = loadEnv();
  const db = await createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  await applyMigrations(db);
  const user = await actingUser(db, env);
  const server = buildMcpServer({ db, actor: await actorFor(db, user), ctx: { aedToKwd: env.AED_TO_KWD_RATE } });
  await server.connect(new StdioServerTransport());
  console.error(`KWT Delivery MCP server on stdio, acting as ${user.email} (${user.role})`);
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
