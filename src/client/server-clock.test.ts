import { afterEach, expect, test } from 'bun:test';
import { noteServerDate, serverNow } from './server-clock';

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
