import { beforeAll, describe, expect, test } from 'bun:test';
import fc from 'fast-check';
import { announceSeed, fuzzParams, fuzzTest } from '../../../test/fuzz/config';
import { expectNoPollution, expectTrpcError, fuzzWorld, jsonOf, ROLES, dbState, expectNoWrite, send, type FuzzWorld, type Role } from '../../../test/fuzz/harness';
import { encodeQueryValue, hostileInput, MALFORMED_JSON, receivedQueryValue, toJsonText } from '../../../test/fuzz/hostile';
import { inputFault } from '../http/broken-text';
import { trpcLimit } from '../http/body-limit';
import { nearValid, oneFieldOff } from '../../../test/fuzz/near-valid';
import { inputProcedures, type InputProcedure } from '../../../test/fuzz/procedures';

/**
 * Every tRPC query and mutation that takes input, called over HTTP with hostile input by a role allowed
 * past its guard (so the input check is what answers). An input its own schema refuses must answer
 * 400 BAD_REQUEST in tRPC's error shape and write nothing, as must one with a string that is not text (a NUL,
 * a lone surrogate) or nested too deep (http/broken-text.ts); a body past its limit answers 413 and writes
 * nothing (http/body-limit.ts); any other input must answer without a 5xx.
 */
const RUNS = 20;
const PROCEDURES = inputProcedures();
let fw: FuzzWorld;

beforeAll(async () => {
  announceSeed();
  fw = await fuzzWorld();
});

function call(proc: InputProcedure, role: Role, jsonText: string) {
  const url = `/api/trpc/${proc.path}`;
  if (proc.type === 'query') return send(fw, role, `${url}?input=${encodeQueryValue(jsonText)}`);
  return send(fw, role, url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: jsonText });
}

/** The first role whose call gets past the guards to the input check (a number is never a valid input). */
async function roleFor(proc: InputProcedure): Promise<Role> {
  for (const role of ROLES) {
    const res = await call(proc, role, '12345');
    const body = (await jsonOf(res, proc.path)) as { error: { data: { code: string } } };
    if (res.status === 400 && body.error.data.code === 'BAD_REQUEST') return role;
    expect([401, 403]).toContain(res.status);
  }
  throw new Error(`${proc.path}: no role gets past its guards`);
}

test('the walk finds the procedures that take input', () => {
  expect(PROCEDURES.length).toBeGreaterThanOrEqual(80);
  const paths = PROCEDURES.map((p) => p.path);
  for (const p of ['auth.login', 'admin.createOrder', 'company.addRider', 'rider.submitCash', 'tracking.location', 'ocr.submit', 'contact.tickets.create'])
    expect(paths).toContain(p);
  expect(PROCEDURES.find((p) => p.path === 'company.addRider')!.keys).toContain('email');
});

/** Wholly hostile input, input built to pass the schema, and such input with one field made hostile. */
const inputs = (proc: InputProcedure) =>
  fc.oneof(hostileInput(proc.keys), nearValid(proc.parser, fw.ids), oneFieldOff(proc.parser, proc.keys, fw.ids));

test('a string that is not text is refused whatever the schema allows, naming its field', async () => {
  const before = await dbState(fw.db);
  for (const subject of ['a\u0000b', 'x\uD800y']) {
    const res = await call(PROCEDURES.find((p) => p.path === 'contact.tickets.create')!, 'company', JSON.stringify({ subject, body: 'hello' }));
    const body = (await res.json()) as { error: { message: string; data: { code: string; field: string } } };
    expect([res.status, body.error.data.code, body.error.data.field]).toEqual([400, 'BAD_REQUEST', 'subject']);
    expect(body.error.message).toBe('Text cannot contain control characters or broken Unicode');
  }
  await expectNoWrite(fw.db, before);
});

describe('hostile input to every procedure', () => {
  for (const proc of PROCEDURES) {
    fuzzTest(proc.path, async () => {
      const role = await roleFor(proc);
      for (const text of MALFORMED_JSON) {
        const res = await call(proc, role, text);
        const body = await jsonOf(res, proc.path);
        expect(res.status).toBe(400);
        expectTrpcError(body, 400, proc.path);
      }
      await fc.assert(
        fc.asyncProperty(inputs(proc), async (input) => {
          const text = toJsonText(input);
          // What the server parses: a query's input has been through URL decoding.
          const received: unknown = JSON.parse(proc.type === 'query' ? receivedQueryValue(text) : text);
          // A mutation's body past its limit (http/body-limit.ts) is refused before it is read.
          const tooLarge = proc.type === 'mutation' && Buffer.byteLength(text) > trpcLimit(proc.path, role !== 'visitor');
          const refused = tooLarge || inputFault(received) !== null || !(await proc.parser.safeParseAsync(received)).success;
          const before = refused ? await dbState(fw.db) : undefined;
          const res = await call(proc, role, text);
          const body = await jsonOf(res, proc.path);
          expect(res.status).toBeLessThan(500);
          if (res.status >= 400) expectTrpcError(body, res.status, proc.path);
          if (refused) {
            expect(res.status).toBe(tooLarge ? 413 : 400);
            expect((body as { error: { data: { code: string } } }).error.data.code).toBe(tooLarge ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST');
            await expectNoWrite(fw.db, before!);
          }
          expectNoPollution();
        }),
        fuzzParams(RUNS),
      );
    });
  }
});
