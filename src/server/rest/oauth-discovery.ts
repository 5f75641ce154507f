import { Hono, type Context } from 'hono';
import { errorBody } from '../http/errors';

/** The discovery documents an MCP client (the official SDK, the inspector) looks for before it tries OAuth. */
export const OAUTH_DISCOVERY_DOCUMENTS = ['oauth-protected-resource', 'oauth-authorization-server', 'openid-configuration'] as const;

export const NO_OAUTH = 'This server has no OAuth: /mcp takes an API token as Authorization: Bearer <token>';

/**
 * /.well-known/oauth-protected-resource[/mcp], /.well-known/oauth-authorization-server[/…] and
 * /.well-known/openid-configuration[/…]: a JSON 404, from which an MCP client concludes there is no
 * OAuth. Without these routes the web app's HTML answered with 200, and the SDK's client threw
 * parsing it as metadata instead (docs/decisions, MCP).
 */
export function oauthDiscovery() {
  const app = new Hono();
  const none = (c: Context) => {
    c.header('Cache-Control', 'no-store');
    return c.json(errorBody('NOT_FOUND', NO_OAUTH), 404);
  };
  for (const doc of OAUTH_DISCOVERY_DOCUMENTS) {
    app.all(`/.well-known/${doc}`, none);
    app.all(`/.well-known/${doc}/*`, none);
  }
  return app;
}
