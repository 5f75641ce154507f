import { afterAll, beforeAll, describe, expect, test } from 'bun:test';
import { freshDb } from '../../../../test/db';
import { raceOneOrder } from '../../../../test/order-race';
import { startRemoteDb } from '../../../../test/remote-db';
import { makeWorld } from '../../../../test/world';

/** Issue 22, item 4: one order, 20 conflicting changes at once, on both kinds of database the server runs on. */
describe('order transitions are atomic', () => {
  test('on the embedded database: one terminal change wins, the rest are refused, everything agrees', async () => {
    const db = await freshDb();
    const w = await makeWorld(db);
    for (let round = 0; round < 3; round++) {
      const out = await raceOneOrder(db, w);
      expect(out.lost).toBe(19);
    }
  });

  describe('through the libSQL remote protocol', () => {
    let remote: Awaited<ReturnType<typeof startRemoteDb>>;
    beforeAll(async () => {
      remote = await startRemoteDb();
    });
    afterAll(() => remote?.stop());

    test('one terminal change wins, the rest are refused, everything agrees', async () => {
      const w = await makeWorld(remote.db);
      const out = await raceOneOrder(remote.db, w);
      expect(out.lost).toBe(19);
    }, 30_000);
  });
});
