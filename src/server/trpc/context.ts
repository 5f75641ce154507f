import type { Db } from '../../../db/client';
import type { Actor } from '../../shared/actor';
import type { SessionUser } from '../../shared/schemas/auth';
import type { Env } from '../env';

/** Hono variables set by the session middleware. */
export interface AppVariables {
  db: Db;
  /** Named config, not env: @hono/trpc-server overwrites ctx.env with the runtime's env. */
  config: Env;
  user: SessionUser | null;
  actor: Actor | null;
  sessionId: string | null;
  ip: string;
  /** The kwt_device cookie as sent (device-cookie.ts decides whether it vouches for an account). */
  deviceCookie?: string;
  secureCookies: boolean;
  /** This server's origin as the browser sees it (APP_URL when set): for links an answer carries. */
  origin?: string;
}

/** What every door (tRPC, REST shim, MCP) knows about a request: the middleware's variables and the response's headers. */
export interface AppContext extends AppVariables {
  /** Cookies and other headers a procedure wants on the response. */
  resHeaders: Headers;
}

export function contextFromVars(vars: AppVariables, resHeaders: Headers): AppContext {
  return { ...vars, resHeaders };
}
