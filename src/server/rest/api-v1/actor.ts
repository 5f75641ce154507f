import type { Context, MiddlewareHandler } from 'hono';
import type { Db } from '../../../../db/client';
import { t } from '../../../shared/i18n';
import { errorBody } from '../../http/errors';
import { refusal } from '../../http/refusal';
import { authenticateApiToken, bearerToken, limitAuth, reserveTokenGuess } from '../../services/identity';
import type { Actor } from '../../../shared/actor';
import { can } from '../../../shared/permissions';
import { actorFor } from '../../services/access';
import type { AppVariables } from '../../trpc/context';

/** The door's variables: the one Actor (AppVariables.actor) and the company it acts for, narrowed like tRPC's companyProcedure. */
export type ApiV1Env = { Variables: Omit<AppVariables, 'actor'> & { actor: Actor; companyId: string } };

const REALM = 'Bearer realm="kwt-delivery-api"';

function unauthorized(c: Context, key: 'shopApi.signIn' | 'shopApi.badToken') {
  c.header('WWW-Authenticate', key === 'shopApi.badToken' ? `${REALM}, error="invalid_token"` : REALM);
  return c.json(errorBody('UNAUTHORIZED', t(key)), 401);
}

/**
 * Who calls /api/v1: the user of an `Authorization: Bearer kwt_…` API token (today's tokens, as on /mcp), else
 * the company portal's session cookie. Only a company manager passes (their company is the actor's, and every
 * service below is scoped to it); an admin or a rider gets 403. A presented token must be good: a bad one is
 * 401 even with a session cookie. Bad tokens count per IP (20 in 15 minutes, then 429 for bad tokens only);
 * every caller has 1,500 calls a minute.
 */
export const apiActor =
  (db: Db): MiddlewareHandler<ApiV1Env> =>
  async (c, next) => {
    c.header('Cache-Control', 'no-store');
    let user = c.var.user;
    const header = c.req.header('authorization');
    if (header !== undefined) {
      const token = bearerToken(header);
      if (!token) return unauthorized(c, 'shopApi.signIn');
      const guess = await reserveTokenGuess(db, 'apiBadToken', c.var.ip);
      user = await authenticateApiToken(db, token);
      if (!user) {
        const refused = await refusal(c, async () => guess.refuseIfLocked());
        return refused ?? unauthorized(c, 'shopApi.badToken');
      }
      guess.release();
    }
    if (!user) return unauthorized(c, 'shopApi.signIn');
    // The session's Actor, or the token user's (a token carries no session): the table decides, as on every door.
    const actor = c.var.actor && c.var.user?.id === user.id ? c.var.actor : await actorFor(db, user);
    const companyId = actor.role === 'company' ? actor.companyId : null;
    if (!companyId || !can(actor, 'manage-orders', { companyId })) return c.json(errorBody('FORBIDDEN', t('shopApi.companyOnly')), 403);
    const busy = await refusal(c, () => limitAuth(db, 'apiUse', user.id));
    if (busy) return busy;
    c.set('actor', actor);
    c.set('companyId', companyId);
    await next();
  };
