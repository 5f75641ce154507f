import { afterEach, expect, test } from 'bun:test';
import { noteServerDate, serverNow, syncServerClock } from './server-clock';

afterEach(() => noteServerDate(new Date(Date.now()).toUTCString(), Date.now(), Date.now()));

test('a phone clock two minutes slow is corrected by the Date header of an answer', () => {
  const phone = Date.now();
  noteServerDate(new Date(phone + 120_000).toUTCString(), phone - 100, phone + 100);
  expect(Math.abs(serverNow() - (Date.now() + 120_000))).toBeLessThan(1_600);
});

test('a clock within the header precision is trusted as it is; a missing or bad header changes nothing', () => {
  const phone = Date.now();
  noteServerDate(new Date(phone - 2_200).toUTCString(), phone, phone);
  expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  noteServerDate(new Date(phone + 2_000).toUTCString(), phone, phone);
  expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
  noteServerDate(null, phone, phone);
  noteServerDate('not a date', phone, phone);
  expect(Math.abs(serverNow() - Date.now())).toBeLessThan(50);
});

test('syncServerClock learns the offset from an answer, and keeps the phone clock when offline', async () => {
  const realFetch = globalThis.fetch;
  try {
    globalThis.fetch = (async () => new Response('{}', { headers: { date: new Date(Date.now() - 300_000).toUTCString() } })) as unknown as typeof fetch;
    await syncServerClock('/api/x');
    expect(Math.abs(serverNow() - (Date.now() - 300_000))).toBeLessThan(1_600);
    globalThis.fetch = (async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    await syncServerClock('/api/x');
    expect(Math.abs(serverNow() - (Date.now() - 300_000))).toBeLessThan(1_600);
  } finally {
    globalThis.fetch = realFetch;
  }
});
