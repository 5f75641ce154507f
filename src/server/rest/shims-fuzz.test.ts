import { beforeAll, describe, expect } from 'bun:test';
import fc from 'fast-check';
import { announceSeed, fuzzParams, fuzzTest } from '../../../test/fuzz/config';
import { expectNoPollution, expectRestError, fuzzWorld, jsonOf, ROLES, dbState, expectNoWrite, send, type FuzzWorld, type Role } from '../../../test/fuzz/harness';
import { encodeQueryValue, hostileInput, MALFORMED_JSON, ODD_STRINGS, receivedPathParam, toJsonText } from '../../../test/fuzz/hostile';
import { inputFault } from '../http/broken-text';
import { restLimit } from '../http/body-limit';
import { nearValid, oneFieldOff } from '../../../test/fuzz/near-valid';
import { inputProcedures, type InputProcedure } from '../../../test/fuzz/procedures';
import { SHIMS } from './shims';

/**
 * Every REST shim of rest/shims.ts over HTTP with hostile bodies and path parameters, as a role the
 * shim's procedure lets in. The input the shim hands its procedure is read by calling the shim with a
 * recording caller; when that procedure's schema refuses it (or it holds a string that is not text, or nests too deep), the answer must be 400 in the REST error
 * shape (413 for a body past its limit) and nothing may be written. No answer is ever a 5xx; a refusal always has the REST shape.
 */
const RUNS = 14;
const PROCS = new Map(inputProcedures().map((p) => [p.path, p]));
type Shim = (typeof SHIMS)[number];
let fw: FuzzWorld;

beforeAll(async () => {
  announceSeed();
  fw = await fuzzWorld();
});

/** The procedure path and input a shim would call with this body and these params. */
async function captured(shim: Shim, body: unknown, params: Record<string, string>): Promise<{ path: string; input: unknown }> {
  let seen: { path: string; input: unknown } | undefined;
  const recorder = (path: string[]): unknown =>
    new Proxy(() => undefined, {
      get: (_t, key) => recorder([...path, String(key)]),
      apply: (_t, _this, args) => {
        seen = { path: path.join('.'), input: args[0] };
        return Promise.resolve(undefined);
      },
    });
  await shim.call(recorder([]) as never, { body, params });
  if (!seen) throw new Error(`${shim.path}: the shim called no procedure`);
  return seen;
}

const paramNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
const fill = (path: string, params: Record<string, string>) => path.replace(/:(\w+)/g, (_, k: string) => encodeQueryValue(params[k]!));

function call(shim: Shim, role: Role, params: Record<string, string>, bodyText?: string) {
  const url = `/api${fill(shim.path, params)}`;
  if (shim.method === 'get') return send(fw, role, url);
  return send(fw, role, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: bodyText });
}

/** Path parameters: the caller's own rider id, the other tenant's ids, or hostile text (a bare `..` is left out: URL normalisation takes it to another route). */
function paramsArb(shim: Shim): fc.Arbitrary<Record<string, string>> {
  const values = fc.oneof(
    fc.constantFrom(fw.world.riderA.id, ...fw.ids),
    fc.constantFrom(...ODD_STRINGS.filter((s) => s !== '')),
    fc.constantFrom('%2e%2e', '..%2f', 'x'.repeat(5_000)),
  );
  return fc.record(Object.fromEntries(paramNames(shim.path).map((k) => [k, values])));
}

/**
 * Where a shim leads and the first role past its guards. A shim whose procedure takes no input has
 * nothing to validate: it is sent as a visitor (signing a role out would spoil the next tests).
 */
async function target(shim: Shim): Promise<{ role: Role; proc?: InputProcedure }> {
  const params = Object.fromEntries(paramNames(shim.path).map((k) => [k, fw.world.riderA.id]));
  const proc = PROCS.get((await captured(shim, {}, params)).path);
  if (!proc) return { role: 'visitor' };
  for (const role of ROLES) {
    const res = await call(shim, role, params, '{"probe":1}');
    if (![401, 403].includes(res.status)) return { role, proc };
  }
  throw new Error(`${shim.path}: no role gets past its guards`);
}

describe('hostile input to every REST shim', () => {
  for (const shim of SHIMS) {
    fuzzTest(`${shim.method.toUpperCase()} ${shim.path}`, async () => {
      const { role, proc } = await target(shim);
      if (shim.method === 'post') {
        for (const text of MALFORMED_JSON) {
          const res = await call(shim, role, Object.fromEntries(paramNames(shim.path).map((k) => [k, fw.world.riderA.id])), text);
          const body = await jsonOf(res, shim.path);
          expect(res.status).toBe(400);
          expectRestError(body, 400);
          expect((body as { message: string }).message).toBe('Malformed JSON body');
        }
      }
      const keys = proc?.keys ?? [];
      const bodies = proc ? fc.oneof(hostileInput(keys), nearValid(proc.parser, fw.ids), oneFieldOff(proc.parser, keys, fw.ids)) : hostileInput(keys);
      await fc.assert(
        fc.asyncProperty(paramsArb(shim), bodies, async (params, input) => {
          const text = toJsonText(input);
          const received = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, receivedPathParam(v)]));
          const sent = await captured(shim, text.trim() ? JSON.parse(text) : undefined, received);
          const parser = PROCS.get(sent.path)?.parser;
          const schemaRefuses = !!parser && !(await parser.safeParseAsync(sent.input)).success;
          const tooLarge = shim.method === 'post' && Buffer.byteLength(text) > restLimit(shim.path, role !== 'visitor');
          const refused = shim.method === 'post' && (tooLarge || inputFault(sent.input) !== null || schemaRefuses);
          const before = refused ? await dbState(fw.db) : undefined;
          const res = await call(shim, role, params, text);
          const body = await jsonOf(res, shim.path);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expectRestError(body, res.status);
          if (refused) {
            expect(res.status).toBe(tooLarge ? 413 : 400);
            expect((body as { error: { code: string } }).error.code).toBe(tooLarge ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
            await expectNoWrite(fw.db, before!);
          }
          expectNoPollution();
        }),
        fuzzParams(RUNS),
      );
    });
  }
});
