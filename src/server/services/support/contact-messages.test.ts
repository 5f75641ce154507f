import { expect, test } from 'bun:test';
import { callerFor } from '../../../../test/app';
import { freshDb } from '../../../../test/db';
import { makeUser } from '../../../../test/factories';

test('contact.messages: an admin reads the contact form’s messages, newest first, with every field', async () => {
  const db = await freshDb();
  const admin = await makeUser(db, { role: 'admin' });
  const visitor = await callerFor(db, null);
  await visitor.contact.submit({ name: 'Noor', email: 'Noor@Example.com', inquiryType: 'demo', message: 'First' });
  await Bun.sleep(2);
  await visitor.contact.submit({ name: 'Salem', email: 'salem@example.com', inquiryType: 'integration', message: 'Second', preferredContact: 'whatsapp', company: 'Ajmi' });
  const list = await (await callerFor(db, admin.id)).contact.messages();
  expect(list.map((m) => [m.name, m.email, m.inquiryType, m.preferredContact, m.company, m.message])).toEqual([
    ['Salem', 'salem@example.com', 'integration', 'whatsapp', 'Ajmi', 'Second'],
    ['Noor', 'noor@example.com', 'demo', 'email', '', 'First'],
  ]);
  expect(list[0]).toHaveProperty('emailedAt');
});
