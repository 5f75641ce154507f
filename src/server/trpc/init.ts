import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { Permission } from '../../shared/permissions';
import { can, requiredPrivilege } from '../../shared/permissions';
import type { Actor } from '../../shared/actor';
import { actingPrivilege, ownRecord } from '../services/access';
import { t as msg } from '../../shared/i18n';
import { DomainError } from '../errors';
import { inputFault } from '../http/broken-text';
import { fieldErrorsOf } from '../http/field-errors';
import type { AppContext } from './context';

const t = initTRPC.context<AppContext>().create({
  // Keep SSE subscriptions alive through proxies and Bun's idle timeout.
  sse: { ping: { enabled: true, intervalMs: 15_000 }, client: { reconnectAfterInactivityMs: 30_000 } },
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    const zodIssue = cause instanceof ZodError ? cause.issues[0] : undefined;
    const field = zodIssue ? zodIssue.path.join('.') : cause instanceof DomainError ? cause.field : undefined;
    // In the request's language: a domain error by its catalog key, a zod message as the schema rendered it by key
    // (shared/i18n/message.ts), a body that is not JSON by its own key; tRPC's other texts as they are.
    const message = zodIssue
      ? `${field ? `${field}: ` : ''}${zodIssue.message}`
      : cause instanceof DomainError
        ? cause.localized()
        : error.code === 'PARSE_ERROR' || cause instanceof SyntaxError
          ? msg('errors.malformedJson')
          : shape.message;
    const fieldErrors = cause instanceof ZodError ? fieldErrorsOf(cause) : field ? { [field]: message } : undefined;
    return { ...shape, message, data: { ...shape.data, field, fieldErrors, stack: undefined } };
  },
});

/** Domain errors thrown by services become typed TRPCErrors, with their code and their message in the request's language. */
const mapDomainErrors = t.middleware(async ({ ctx, next }) => {
  const result = await next();
  if (!result.ok && result.error.cause instanceof DomainError) {
    const cause = result.error.cause;
    if (cause.retryAfterSeconds) ctx.resHeaders.set('Retry-After', String(cause.retryAfterSeconds));
    const code = cause.code === 'CONFLICT' ? 'CONFLICT' : cause.code;
    throw new TRPCError({ code, message: cause.localized(), cause });
  }
  return result;
});

/**
 * Text a client sends must be text, and its input may nest at most MAX_INPUT_DEPTH levels (http/broken-text.ts):
 * refused before any schema or service sees it.
 */
const refuseHostileInput = t.middleware(async ({ getRawInput, next }) => {
  // An unreadable body is left to the input parser (a procedure without input never reads it).
  const fault = inputFault(await getRawInput().catch(() => undefined));
  if (fault?.kind === 'brokenText') throw new DomainError('BAD_REQUEST', { key: 'errors.brokenText' }, fault.field);
  if (fault?.kind === 'tooDeep') throw new DomainError('BAD_REQUEST', { key: 'errors.inputTooDeep' }, fault.field);
  return next();
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure.use(mapDomainErrors).use(refuseHostileInput);

export const authedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: msg('error.UNAUTHORIZED') });
  return next({ ctx: { ...ctx, user: ctx.user, actor: ctx.actor } });
});

export function deniedMessage(permission: Permission, privilege = requiredPrivilege(permission)): string {
  return msg('guard.denied', { action: msg(`permission.${permission}`), privilege });
}

/** Whether the actor holds `permission` in the one permissions table: the test of every guard below and of the fast lane (http/fast-lane.ts). */
export const permits = (actor: Actor | null, permission: Permission): boolean => can(actor, permission);

const refuse = (permission: Permission, privilege?: string) => new TRPCError({ code: 'FORBIDDEN', message: deniedMessage(permission, privilege) });

/** A further permission on top of a procedure's guard (the company's cash desk: confirm-cash), decided by the table. */
export const requiring = (permission: Permission) =>
  t.middleware(({ ctx, next }) => {
    if (!permits(ctx.actor, permission)) throw refuse(permission);
    return next();
  });

type OwnReach = 'own-company' | 'own-rider';

/**
 * The actor's own company or rider record when the table grants the portal's permission with that reach
 * ('own-company', 'own-rider'): acting as one's own record. An admin holds the portals with reach 'any' and no
 * record, so uses the admin.* counterparts. The refusal names the roles the table gives that reach.
 */
const actingAs = (actor: Actor | null, permission: Permission, reach: OwnReach) => {
  const own = actor && ownRecord(actor, permission, reach);
  if (!own) throw refuse(permission, actingPrivilege(permission, reach));
  return own;
};

/**
 * Guard by the one permissions table: `can(actor, permission)`; with `reach`, the actor must hold it with
 * that reach and have the record (acting as its own company or rider).
 */
export const permittedProcedure = (permission: Permission, reach?: OwnReach) =>
  reach
    ? authedProcedure.use(({ ctx, next }) => {
        actingAs(ctx.actor, permission, reach);
        return next();
      })
    : authedProcedure.use(requiring(permission));

export const adminProcedure = permittedProcedure('access-admin-portal');

/** A company manager, with ctx.companyId narrowed to their own company. */
export const companyProcedure = permittedProcedure('access-company-portal', 'own-company').use(({ ctx, next }) =>
  next({ ctx: { ...ctx, companyId: actingAs(ctx.actor, 'access-company-portal', 'own-company') } }),
);

/** A rider, with ctx.riderId narrowed to their own rider record. */
export const riderProcedure = permittedProcedure('access-rider-portal', 'own-rider').use(({ ctx, next }) =>
  next({ ctx: { ...ctx, riderId: actingAs(ctx.actor, 'access-rider-portal', 'own-rider') } }),
);
