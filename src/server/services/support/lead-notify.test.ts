import { beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { leads } from '../../../../db/schema';
import { postJson, testApp, testEnv } from '../../../../test/app';
import { allowConsoleError } from '../../../../test/console';
import { freshDb } from '../../../../test/db';
import { startSmtpSink } from '../../../../test/smtp-sink';
import { fileSmtpSink } from '../../../../test/smtp-sink-file';
import { notifyLead } from './lead-notify';

const db = await freshDb();
const sink = await fileSmtpSink();
const INBOX = 'sales.team@kwt.test';

const ahmed = { name: 'Ahmed', company: 'Blue Fleet', email: 'Ahmed@BlueFleet.com', phone: '+965 5555 1234' };
const ip = (n: number) => `198.51.100.${n}`;

beforeEach(async () => {
  await db.delete(leads);
});

const withSmtp = () => testApp(db, { SMTP_URL: sink.url, SALES_INBOX: INBOX, MAIL_FROM: 'KWT Delivery <robot@kwt.test>' });

describe('POST /api/notify-email', () => {
  test('without SMTP the lead is stored for the admins, not e-mailed', async () => {
    const res = await postJson(testApp(db), '/api/notify-email', { customerData: ahmed, source: 'chat-widget' }, { ip: ip(1) });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true });
    const rows = await db.select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: 'Ahmed', company: 'Blue Fleet', email: 'ahmed@bluefleet.com', phone: '+96555551234', source: 'chat-widget', emailedAt: null });
    expect(sink.messages).toHaveLength(0);
  });

  test('with SMTP the sales inbox gets the lead and emailed_at is set', async () => {
    const res = await postJson(withSmtp(), '/api/notify-email', { customerData: ahmed, source: 'chat-widget' }, { ip: ip(2) });
    expect(res.status).toBe(200);
    expect(sink.messages).toHaveLength(1);
    const [mail] = sink.messages;
    expect(mail!.envelopeTo).toEqual([INBOX]);
    expect(mail!.envelopeFrom).toBe('robot@kwt.test');
    expect(mail!.headers.to).toBe(INBOX);
    expect(mail!.headers['reply-to']).toBe('ahmed@bluefleet.com');
    expect(mail!.subject).toBe('New lead: Ahmed (Blue Fleet)');
    expect(mail!.text).toContain('The website chat collected a new lead.');
    for (const line of ['Name: Ahmed', 'Company: Blue Fleet', 'Email: ahmed@bluefleet.com', 'Phone: +96555551234', 'Source: chat-widget']) {
      expect(mail!.text).toContain(line);
    }
    expect(mail!.text).toMatch(/Received: .+ \(Asia\/Kuwait\)/);
    const [row] = await db.select().from(leads);
    expect(row!.emailedAt).toBeInstanceOf(Date);
  });

  test('the same email on the same Kuwait day updates the lead; a change is e-mailed again, a repeat is not', async () => {
    const config = testEnv({ SMTP_URL: sink.url, SALES_INBOX: INBOX });
    const morning = new Date('2026-03-10T05:00:00Z'); // 08:00 in Kuwait
    const input = { customerData: { name: 'Ahmed', company: 'Blue Fleet', email: 'ahmed@bluefleet.com' }, source: 'chat-widget' };
    await notifyLead(db, config, input, { ip: ip(3), now: morning });
    await notifyLead(db, config, input, { ip: ip(3), now: new Date(morning.getTime() + 3_600_000) });
    expect(await db.select().from(leads)).toHaveLength(1);
    expect(sink.messages).toHaveLength(1);

    await notifyLead(db, config, { ...input, customerData: { ...input.customerData, phone: '+971501234567' } }, { ip: ip(3), now: new Date(morning.getTime() + 7_200_000) });
    const rows = await db.select().from(leads);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.phone).toBe('+971501234567');
    expect(sink.messages).toHaveLength(2);
    expect(sink.messages[1]!.text).toContain('Phone: +971501234567');

    // 21:30 UTC is already the next day in Kuwait (00:30): a new lead.
    await notifyLead(db, config, input, { ip: ip(3), now: new Date('2026-03-10T21:30:00Z') });
    expect(await db.select().from(leads)).toHaveLength(2);
    expect(sink.messages).toHaveLength(3);
  });

  test('a refusing SMTP server never fails the request: the lead is kept with emailed_at empty, and logged', async () => {
    const logged = allowConsoleError();
    sink.refuse(true);
    const res = await postJson(withSmtp(), '/api/notify-email', { customerData: ahmed }, { ip: ip(4) });
    expect(res.status).toBe(200);
    const [row] = await db.select().from(leads);
    expect(row).toMatchObject({ email: 'ahmed@bluefleet.com', source: 'chat-widget', emailedAt: null });
    expect(String(logged.flat().join(' '))).toContain(`mail to ${INBOX} failed`);
  });

  test('an unreachable SMTP server is the same', async () => {
    allowConsoleError();
    const gone = await startSmtpSink();
    await gone.close();
    const app = testApp(db, { SMTP_URL: `smtp://u:p@127.0.0.1:${gone.port}`, SMTP_TIMEOUT_MS: '2000' });
    const res = await postJson(app, '/api/notify-email', { customerData: ahmed }, { ip: ip(5) });
    expect(res.status).toBe(200);
    expect((await db.select().from(leads))[0]!.emailedAt).toBeNull();
  });

  test('name, company and a valid email are required', async () => {
    const app = testApp(db);
    for (const [customerData, message] of [
      [{ ...ahmed, company: ' ' }, 'customerData.company: Company is required'],
      [{ ...ahmed, name: '' }, 'customerData.name: Name is required'],
      [{ ...ahmed, email: 'ahmed@' }, 'customerData.email: Invalid email format'],
    ] as const) {
      const res = await postJson(app, '/api/notify-email', { customerData }, { ip: ip(6) });
      expect(res.status).toBe(400);
      expect((await res.json()).error.message).toBe(message);
    }
    expect(await db.select().from(leads).where(eq(leads.email, 'ahmed@bluefleet.com'))).toHaveLength(0);
  });

  test('rate-limited per IP: 429 with Retry-After', async () => {
    const app = testApp(db, { CHAT_MAX_PER_MINUTE: '2' });
    for (let i = 0; i < 2; i++) expect((await postJson(app, '/api/notify-email', { customerData: ahmed }, { ip: ip(7) })).status).toBe(200);
    const res = await postJson(app, '/api/notify-email', { customerData: ahmed }, { ip: ip(7) });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^[1-9]\d*$/);
    expect((await postJson(app, '/api/notify-email', { customerData: ahmed }, { ip: ip(8) })).status).toBe(200);
  });
});
