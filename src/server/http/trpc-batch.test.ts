import { beforeAll, describe, expect, test } from 'bun:test';
import { count } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { contactMessages } from '../../../db/schema';
import { freshDb } from '../../../test/db';
import { postJson, testApp, type TestApp } from '../../../test/app';
import { TRPC_MAX_BATCH } from '../../shared/trpc-batch';

let db: Db;
let app: TestApp;
beforeAll(async () => {
  db = await freshDb();
  app = testApp(db, { CHAT_MAX_PER_MINUTE: '3' });
});

const message = (n: number) => ({ name: `Visitor ${n}`, email: `v${n}@example.com`, inquiryType: 'other', message: 'Hello' });
/** A POST batch of `n` contact.submit calls from `ip`. */
function batch(n: number, ip: string) {
  const paths = Array.from({ length: n }, () => 'contact.submit').join(',');
  const body = Object.fromEntries(Array.from({ length: n }, (_, i) => [String(i), message(i)]));
  return postJson(app, `/api/trpc/${paths}?batch=1`, body, { ip });
}
const stored = async () => (await db.select({ n: count() }).from(contactMessages))[0]!.n;

describe('batched tRPC requests', () => {
  test(`a batch of more than ${TRPC_MAX_BATCH} calls is refused whole, with a JSON 400, before any call runs`, async () => {
    for (const n of [21, 1000]) {
      const res = await batch(n, '198.51.100.21');
      expect(res.status).toBe(400);
      const body = (await res.json()) as { error: { message: string; data: { code: string; httpStatus: number } } };
      expect(body.error.message).toBe(`A batch may hold at most 20 calls; this one has ${n}`);
      expect(body.error.data).toMatchObject({ code: 'BAD_REQUEST', httpStatus: 400 });
    }
    expect(await stored()).toBe(0);
  });

  test('in Arabic too', async () => {
    const paths = Array.from({ length: 21 }, () => 'contact.submit').join(',');
    const res = await postJson(app, `/api/trpc/${paths}?batch=1`, {}, { ip: '198.51.100.22', headers: { 'accept-language': 'ar' } });
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe('لا تتسع الدفعة الواحدة لأكثر من 20 طلباً، وهذه فيها 21');
  });

  test('each call of an accepted batch counts against the rate limits: 20 contact messages in one request, 3 a minute allowed', async () => {
    const res = await batch(20, '198.51.100.23');
    // Some calls answered, some refused: tRPC's 207.
    expect(res.status).toBe(207);
    const answers = (await res.json()) as ({ result: unknown } | { error: { data: { code: string } } })[];
    expect(answers).toHaveLength(20);
    const codes = answers.map((a) => ('error' in a ? a.error.data.code : 'OK'));
    expect(codes.filter((c) => c === 'OK')).toHaveLength(3);
    expect(codes.filter((c) => c === 'TOO_MANY_REQUESTS')).toHaveLength(17);
    expect(await stored()).toBe(3);
    // The next request from that address is already over the limit.
    expect((await batch(1, '198.51.100.23')).status).toBe(429);
  });
});
