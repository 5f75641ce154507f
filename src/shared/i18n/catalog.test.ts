import { expect, test } from 'bun:test';
import { admin } from './en/admin';
import { auth } from './en/auth';
import { company } from './en/company';
import { en } from './en';
import { publicPages } from './en/public';
import { rider } from './en/rider';
import { shell } from './en/shell';

test('no key is defined in two catalog files (a spread would silently keep only one)', () => {
  const parts = [shell, publicPages, auth, admin, rider, company];
  const total = parts.reduce((n, p) => n + Object.keys(p).length, 0);
  expect(total).toBe(Object.keys(en).length);
});

test('every message is a non-empty string', () => {
  for (const [key, value] of Object.entries(en)) expect([key, typeof value === 'string' && value.length > 0]).toEqual([key, true]);
});
