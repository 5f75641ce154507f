import { afterEach, expect, test } from 'bun:test';
import { changeTicks, endChangeStreams, publishChange, reopenChangeStreams } from './events';

afterEach(() => reopenChangeStreams());

test('a stopping server ends every live change stream, including ones waiting for a change', async () => {
  const ticks: number[] = [];
  const stream = (async () => {
    for await (const _ of changeTicks(['orders'], new AbortController().signal, 5)) ticks.push(ticks.length);
    return 'ended';
  })();
  await Bun.sleep(20);
  publishChange('orders');
  await Bun.sleep(20);
  expect(ticks).toEqual([0, 1]);
  endChangeStreams();
  expect(await Promise.race([stream, Bun.sleep(500).then(() => 'still open')])).toBe('ended');
  // A stream opened after the stop ends at once.
  const late: number[] = [];
  for await (const _ of changeTicks(['orders'], undefined)) late.push(1);
  expect(late).toEqual([]);
});
