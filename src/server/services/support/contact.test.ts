import { beforeEach, describe, expect, test } from 'bun:test';
import { contactMessages } from '../../../../db/schema';
import { postJson, testApp } from '../../../../test/app';
import { allowConsoleError } from '../../../../test/console';
import { freshDb } from '../../../../test/db';
import { fileSmtpSink } from '../../../../test/smtp-sink-file';

const db = await freshDb();
const sink = await fileSmtpSink();
const INBOX = 'sales.team@kwt.test';
const form = {
  name: 'Noor Al-Sabah',
  email: 'Noor@Gulf-Foods.example',
  phone: '+96550001234',
  company: 'Gulf Foods',
  inquiryType: 'pricing',
  message: 'We run 30 riders in Salmiya.\nWhat would the Growth plan cost?',
  preferredContact: 'whatsapp',
};

beforeEach(async () => {
  await db.delete(contactMessages);
});

describe('POST /api/contact/submit e-mails the sales inbox', () => {
  test('with SMTP: stored, e-mailed with every field, emailed_at set', async () => {
    const res = await postJson(testApp(db, { SMTP_URL: sink.url, SALES_INBOX: INBOX }), '/api/contact/submit', form);
    expect(res.status).toBe(200);
    expect((await res.json()).success).toBe(true);
    const [mail] = sink.messages;
    expect(mail!.envelopeTo).toEqual([INBOX]);
    expect(mail!.subject).toBe('Contact form (pricing): Noor Al-Sabah');
    expect(mail!.headers['reply-to']).toBe('noor@gulf-foods.example');
    for (const line of ['Name: Noor Al-Sabah', 'Email: noor@gulf-foods.example', 'Phone: +96550001234', 'Company: Gulf Foods', 'Inquiry type: pricing', 'Preferred contact: whatsapp']) {
      expect(mail!.text).toContain(line);
    }
    expect(mail!.text).toContain('Message:\nWe run 30 riders in Salmiya.\nWhat would the Growth plan cost?');
    const [row] = await db.select().from(contactMessages);
    expect(row!.emailedAt).toBeInstanceOf(Date);
  });

  test('without SMTP: stored, emailed_at empty', async () => {
    expect((await postJson(testApp(db), '/api/contact/submit', form)).status).toBe(200);
    const [row] = await db.select().from(contactMessages);
    expect(row).toMatchObject({ name: 'Noor Al-Sabah', inquiryType: 'pricing', emailedAt: null });
    expect(sink.messages).toHaveLength(0);
  });

  test('a failing SMTP server still answers success and leaves emailed_at empty', async () => {
    allowConsoleError();
    sink.refuse(true);
    const res = await postJson(testApp(db, { SMTP_URL: sink.url }), '/api/contact/submit', form);
    expect(res.status).toBe(200);
    const [row] = await db.select().from(contactMessages);
    expect(row!.emailedAt).toBeNull();
  });

  test('a line break in the name cannot add a header', async () => {
    await postJson(testApp(db, { SMTP_URL: sink.url, SALES_INBOX: INBOX }), '/api/contact/submit', { ...form, name: 'Eve\r\nBcc: victim@example.com' });
    const [mail] = sink.messages;
    expect(mail!.envelopeTo).toEqual([INBOX]);
    expect(mail!.headers.bcc).toBeUndefined();
    expect(mail!.subject).toBe('Contact form (pricing): Eve Bcc: victim@example.com');
  });
});

test('the contact form sends e-mail, so it is rate-limited per IP: 429 with Retry-After, the message kept out', async () => {
  const app = testApp(db, { CHAT_MAX_PER_MINUTE: '2' });
  const from = (n: number) => ({ ip: `198.51.100.${n}` });
  for (let i = 0; i < 2; i++) expect((await postJson(app, '/api/contact/submit', form, from(7))).status).toBe(200);
  const res = await postJson(app, '/api/contact/submit', form, from(7));
  expect(res.status).toBe(429);
  expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
  expect(await db.select().from(contactMessages)).toHaveLength(2);
  expect((await postJson(app, '/api/contact/submit', form, from(8))).status).toBe(200);
});
