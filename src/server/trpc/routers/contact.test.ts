import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../../db/client';
import { contactMessages } from '../../../../db/schema';
import { callerFor } from '../../../../test/app';
import { freshDb } from '../../../../test/db';
import { expectTRPCError, firstIssue } from '../../../../test/expect';

let db: Db;

beforeAll(async () => {
  db = await freshDb();
});

const valid = {
  name: '  Noor Al-Ali ',
  email: ' Noor@Example.com ',
  inquiryType: 'pricing',
  message: 'We run 40 bikes in Hawalli.',
} as const;

describe('contact.submit (public)', () => {
  test('a signed-out visitor can send a message; it is stored trimmed', async () => {
    const res = await (await callerFor(db, null)).contact.submit(valid);
    expect(res.success).toBe(true);
    const rows = await db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: res.id,
      name: 'Noor Al-Ali',
      email: 'noor@example.com',
      inquiryType: 'pricing',
      preferredContact: 'email',
      phone: '',
      company: '',
    });
  });

  test('each required field is checked with the spec text', async () => {
    const caller = await callerFor(db, null);
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, message: undefined }, 'message'],
      [{ ...valid, message: '   ' }, 'message: Message is required'],
      [{ ...valid, name: '' }, 'name: Name is required'],
      [{ ...valid, email: 'not-an-email' }, 'email: Invalid email format'],
      [{ ...valid, inquiryType: 'spam' }, 'inquiryType: Inquiry type is required'],
    ];
    for (const [input, message] of cases) {
      const err = await expectTRPCError(caller.contact.submit(input as never), 'BAD_REQUEST');
      expect(firstIssue(err).startsWith(message)).toBe(true);
    }
    expect(await db.select().from(contactMessages)).toHaveLength(1);
  });
});
