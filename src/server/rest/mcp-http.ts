import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../../../db/client';
import { buildMcpServer } from '../../../mcp/server';
import type { Env } from '../env';
import { errorBody } from '../http/errors';
import { refusal } from '../http/refusal';
import { clientIp } from '../http/session';
import { originCheck, originOptions } from '../http/security';
import { authenticateApiToken, bearerToken, limitAuth, reserveTokenGuess } from '../services/identity';
import { actorFor } from '../services/access';

export const MCP_PATH = '/mcp';
const REALM = 'Bearer realm="kwt-delivery-mcp"';

/**
 * Streamable HTTP at /mcp, stateless: every POST gets its own server and transport, acting for the
 * user of the bearer API token. No token, or a bad or revoked one: 401 with WWW-Authenticate. No
 * sessions, so GET (a server event stream) and DELETE are 405. MCP clients send no Origin; a browser
 * sending a foreign one is refused like every other state-changing request.
 */
export function mcpHttp(db: Db, env: Env) {
  const app = new Hono();
  app.use(MCP_PATH, originCheck(originOptions(env)));
  app.use(MCP_PATH, bodyLimit({ maxSize: 1024 * 1024, onError: (c) => c.json(errorBody('PAYLOAD_TOO_LARGE', 'The request is larger than 1 MB'), 413) }));
  app.all(MCP_PATH, async (c) => {
    c.header('Cache-Control', 'no-store');
    // Guessing tokens: 20 bad tokens from one IP in 15 minutes lock it out for bad tokens; a good token
    // is still let through (and then limited to 300 calls a minute). A missing token is not counted: MCP
    // clients send exactly that first, to learn how to authenticate.
    const token = bearerToken(c.req.header('authorization'));
    if (!token) {
      c.header('WWW-Authenticate', REALM);
      return c.json(errorBody('UNAUTHORIZED', 'An API token is required: send Authorization: Bearer <token>'), 401);
    }
    // Bad tokens per IP (token-guessing.ts): counted before the check, taken back when good.
    const guess = await reserveTokenGuess(db, 'mcpBadToken', clientIp(c, env.TRUST_PROXY));
    const user = await authenticateApiToken(db, token);
    if (!user) {
      const refused = await refusal(c, async () => guess.refuseIfLocked());
      if (refused) return refused;
      c.header('WWW-Authenticate', `${REALM}, error="invalid_token"`);
      return c.json(errorBody('UNAUTHORIZED', 'The API token is invalid or has been revoked'), 401);
    }
    guess.release();
    const busy = await refusal(c, () => limitAuth(db, 'mcpUse', user.id));
    if (busy) return busy;
    if (c.req.method !== 'POST') {
      c.header('Allow', 'POST');
      return c.json({ jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: this server is stateless, send POST' }, id: null }, 405);
    }
    const server = buildMcpServer({ db, actor: await actorFor(db, user), ctx: { aedToKwd: env.AED_TO_KWD_RATE } });
    const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    try {
      const res = await transport.handleRequest(c.req.raw);
      res.headers.set('Cache-Control', 'no-store');
      return res;
    } finally {
      await server.close();
    }
  });
  return app;
}
