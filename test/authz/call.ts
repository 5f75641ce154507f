import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Db } from '../../db/client';
import type { Env } from '../../src/server/env';
import { appRouter, createCaller } from '../../src/server/trpc/root';
import type { SessionUser } from '../../src/shared/schemas/auth';
import { actorFor } from '../../src/server/services/access';

export interface Outcome {
  status: number;
  /** The answer's JSON (or the error's message), for the leak check and failure messages. */
  text: string;
}

/** Every procedure of appRouter by dotted path, with its type and whether it takes an input. */
export function procedures(): { path: string; type: 'query' | 'mutation' | 'subscription'; hasInput: boolean }[] {
  const record = (appRouter as unknown as { _def: { procedures: Record<string, { _def: { type: 'query' | 'mutation' | 'subscription'; inputs: unknown[] } }> } })._def.procedures;
  return Object.entries(record).map(([path, p]) => ({ path, type: p._def.type, hasInput: p._def.inputs.length > 0 }));
}

let ipSeq = 0;

/** Calls one procedure as `user` through a caller with a real request's context; errors become their HTTP status. */
export async function callProcedure(db: Db, config: Env, user: SessionUser | null, path: string, input: unknown): Promise<Outcome> {
  const ctx = { db, config, user, actor: user ? await actorFor(db, user) : null, sessionId: null, ip: `198.51.100.${++ipSeq % 250}`, resHeaders: new Headers(), secureCookies: false };
  let fn: unknown = createCaller(ctx);
  for (const part of path.split('.')) fn = (fn as Record<string, unknown>)[part];
  try {
    const result = await (fn as (i: unknown) => Promise<unknown>)(input);
    if (result && typeof result === 'object' && Symbol.asyncIterator in result) return { status: 200, text: JSON.stringify(await firstOf(result as AsyncIterable<unknown>)) };
    return { status: 200, text: JSON.stringify(result ?? null) };
  } catch (err) {
    if (err instanceof TRPCError) return { status: getHTTPStatusCodeFromError(err), text: err.message };
    return { status: 500, text: err instanceof Error ? (err.stack ?? err.message) : String(err) };
  }
}

/** A subscription's first event (its guards and scope run before it), then the stream is closed. */
async function firstOf(stream: AsyncIterable<unknown>): Promise<unknown> {
  const it = stream[Symbol.asyncIterator]();
  try {
    const first = await Promise.race([it.next(), new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no first event in 2 s')), 2000))]);
    return first.value;
  } finally {
    await it.return?.();
  }
}
