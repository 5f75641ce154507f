import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { chatConversations, chatMessages } from '../../../db/schema';
import type { CustomerData, HistoryEntry, VisitorChatReply } from '../../shared/schemas/ai';
import { postJson, testApp, type TestApp } from '../../../test/app';
import { allowConsoleError } from '../../../test/console';
import { freshDb } from '../../../test/db';
import { FAKE_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../../../test/fake-anthropic';

let db: Db;
let offline: TestApp;
let fake: FakeAnthropic;
let ipSeq = 0;

beforeAll(async () => {
  db = await freshDb();
  offline = testApp(db);
  fake = startFakeAnthropic();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

/** The widget: keeps the last 10 messages, the details and the conversation id, as the client does. */
function visitor(app: TestApp = offline) {
  const ip = `192.0.2.${++ipSeq}`;
  let history: HistoryEntry[] = [];
  let customerData: CustomerData = {};
  let conversationId: string | undefined;
  return {
    async say(message: string): Promise<VisitorChatReply> {
      const res = await postJson(app, '/api/ai/chat', { message, customerData, conversationHistory: history.slice(-10), conversationId }, { ip });
      expect(res.status).toBe(200);
      const reply = (await res.json()) as VisitorChatReply;
      history = [...history, { role: 'user' as const, content: message }, { role: 'assistant' as const, content: reply.message }];
      customerData = reply.customerData;
      conversationId = reply.conversationId;
      return reply;
    },
    get conversationId() {
      return conversationId;
    },
  };
}

const PRICING =
  'Our plans, per month: Starter (up to 10 riders): 29.000 KWD or 350.00 AED; Growth (up to 50 riders): 79.000 KWD or 950.00 AED; Enterprise (unlimited riders, dedicated support): custom pricing. Every plan starts with a 14-day free trial, with no card needed.';
const REGIONS = 'We serve Kuwait (KWD, Asia/Kuwait time) and the UAE (AED, Asia/Dubai time). Amounts are kept to the fils: 3 decimals for KWD, 2 for AED.';

describe('offline sales assistant: scripted conversations', () => {
  test('greeting, pricing, then name, company and email one at a time, a bad email, a phone, a region question', async () => {
    const v = visitor();
    const steps: [string, Omit<VisitorChatReply, 'conversationId'>][] = [
      ['Hi', { message: "Hello! I'm the KWT Delivery assistant. I can tell you about our features, pricing and the regions we serve. May I have your name?", type: 'data_collection', customerData: {}, collectingData: true }],
      ['How much does it cost?', { message: `${PRICING} May I have your name?`, type: 'data_collection', customerData: {}, collectingData: true }],
      ['ahmed', { message: 'Nice to meet you, Ahmed! Which company are you with?', type: 'data_collection', customerData: { name: 'Ahmed' }, collectingData: true }],
      ['Blue Fleet', { message: "What's the best email address to reach you?", type: 'data_collection', customerData: { name: 'Ahmed', company: 'Blue Fleet' }, collectingData: true }],
      ['ahmed@bluefleet', { message: "That email address doesn't look right. Could you check it?", type: 'data_collection', customerData: { name: 'Ahmed', company: 'Blue Fleet' }, collectingData: true }],
      [
        'Sorry: Ahmed@BlueFleet.com',
        {
          message: "Thank you, Ahmed! Our sales team will contact Blue Fleet at ahmed@bluefleet.com within 24 hours. If you'd like a call, share a phone number with the country code (e.g., +96512345678).",
          type: 'lead_complete',
          customerData: { name: 'Ahmed', company: 'Blue Fleet', email: 'ahmed@bluefleet.com' },
          collectingData: false,
        },
      ],
      ['+965 5555 1234', { message: "Thank you, I've noted that.", type: 'text', customerData: { name: 'Ahmed', company: 'Blue Fleet', email: 'ahmed@bluefleet.com', phone: '+96555551234' }, collectingData: false }],
      ['Do you work in Dubai too?', { message: REGIONS, type: 'text', customerData: { name: 'Ahmed', company: 'Blue Fleet', email: 'ahmed@bluefleet.com', phone: '+96555551234' }, collectingData: false }],
    ];
    for (const [message, expected] of steps) {
      const { conversationId, ...reply } = await v.say(message);
      expect([message, reply]).toEqual([message, expected]);
      expect(conversationId).toMatch(/^\w{20}$/);
    }
  });

  test('everything in one message completes the lead at once', async () => {
    const reply = await visitor().say("I'm Ahmed from Blue Fleet, ahmed@bluefleet.com, +965 5555 1234");
    expect(reply).toMatchObject({
      message: 'Thank you, Ahmed! Our sales team will contact Blue Fleet at ahmed@bluefleet.com within 24 hours.',
      type: 'lead_complete',
      customerData: { name: 'Ahmed', company: 'Blue Fleet', email: 'ahmed@bluefleet.com', phone: '+96555551234' },
      collectingData: false,
    });
  });

  test('a feature question gets that feature; two topics get both', async () => {
    const v = visitor();
    expect((await v.say('Can your app scan receipts?')).message).toBe(
      'OCR: riders photograph odometers, receipts and cash slips, and the readings are filled in for them, on the server, with no third-party service. May I have your name?',
    );
    expect((await v.say('What features do you have, and what are the prices?')).message).toBe(
      `KWT Delivery runs your whole fleet: real-time analytics, OCR of receipts and odometer readings, live GPS tracking, an installable app (PWA) riders use offline, Google Sheets sync and cash-on-delivery (COD) tracking from collection to hand-over. ${PRICING} May I have your name?`,
    );
  });

  test('"I\'m interested in pricing" is not a name, and a first message is never taken as a bare answer', async () => {
    const v = visitor();
    expect((await v.say("I'm interested in pricing")).customerData).toEqual({});
    const first = await visitor().say('Ahmed');
    expect(first.customerData).toEqual({});
    expect(first.message).toBe('I can help with our features, pricing and the regions we serve (Kuwait and the UAE). What would you like to know? May I have your name?');
  });

  test("the client's customerData is kept, but only where it still validates", async () => {
    const res = await postJson(
      offline,
      '/api/ai/chat',
      { message: 'ok', customerData: { name: ' Sara ', company: 'Souq Co', email: 'not-an-email', phone: '12345' } },
      { ip: '192.0.2.200' },
    );
    const reply = (await res.json()) as VisitorChatReply;
    expect(reply.customerData).toEqual({ name: 'Sara', company: 'Souq Co' });
    expect(reply.collectingData).toBe(true);
    expect(reply.message).toBe("I can help with our features, pricing and the regions we serve (Kuwait and the UAE). What would you like to know? What's the best email address to reach you?");
  });
});

describe('sales conversations are kept per widget session', () => {
  test('one conversation per session id, both sides of each exchange', async () => {
    const v = visitor();
    await v.say('Hi');
    const id = v.conversationId!;
    await v.say('Pricing?');
    expect(v.conversationId).toBe(id);
    const rows = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, id)).orderBy(chatMessages.createdAt);
    expect(rows.map((r) => [r.sender, r.content.slice(0, 12), r.type])).toEqual([
      ['user', 'Hi', 'text'],
      ['ai', "Hello! I'm t", 'data_collection'],
      ['user', 'Pricing?', 'text'],
      ['ai', 'Our plans, p', 'data_collection'],
    ]);
    const [conv] = await db.select().from(chatConversations).where(eq(chatConversations.id, id));
    expect(conv).toMatchObject({ kind: 'sales', userId: null });
  });

  test('an unknown id starts a new conversation', async () => {
    const res = await postJson(offline, '/api/ai/chat', { message: 'Hi', conversationId: 'no-such-conversation' }, { ip: '192.0.2.201' });
    const reply = (await res.json()) as VisitorChatReply;
    expect(reply.conversationId).not.toBe('no-such-conversation');
  });
});

describe('visitor chat input limits', () => {
  const history = (n: number) => Array.from({ length: n }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
  test('a blank message is a 400', async () => {
    const res = await postJson(offline, '/api/ai/chat', { message: '   ' }, { ip: '192.0.2.202' });
    expect(res.status).toBe(400);
    expect((await res.json()).error).toEqual({ code: 'BAD_REQUEST', message: 'message: Message is required', field: 'message', fields: { message: 'Message is required' } });
  });
  test('10 history entries pass, 11 are a 400', async () => {
    expect((await postJson(offline, '/api/ai/chat', { message: 'Hi', conversationHistory: history(10) }, { ip: '192.0.2.203' })).status).toBe(200);
    const res = await postJson(offline, '/api/ai/chat', { message: 'Hi', conversationHistory: history(11) }, { ip: '192.0.2.203' });
    expect(res.status).toBe(400);
    expect((await res.json()).error.field).toBe('conversationHistory');
  });
  test('over CHAT_MAX_PER_MINUTE messages from one IP: 429 with Retry-After', async () => {
    const app = testApp(db, { CHAT_MAX_PER_MINUTE: '3' });
    for (let i = 0; i < 3; i++) expect((await postJson(app, '/api/ai/chat', { message: 'Hi' }, { ip: '192.0.2.204' })).status).toBe(200);
    const res = await postJson(app, '/api/ai/chat', { message: 'Hi' }, { ip: '192.0.2.204' });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect((await res.json()).error.code).toBe('TOO_MANY_REQUESTS');
    expect((await postJson(app, '/api/ai/chat', { message: 'Hi' }, { ip: '192.0.2.205' })).status).toBe(200);
  });
});

describe('Claude sales assistant (fake Messages API)', () => {
  const claude = (over: Record<string, string> = {}) => testApp(db, { ANTHROPIC_API_KEY: FAKE_API_KEY, ANTHROPIC_BASE_URL: fake.baseUrl, ANTHROPIC_MODEL: 'claude-test-model', ...over });

  test("Claude writes the text, told the facts and the next detail to ask for; the details are still picked out here", async () => {
    fake.reply({ text: 'Our Starter plan is 29.000 KWD a month. May I have your name?' });
    const v = visitor(claude());
    const reply = await v.say('How much is it?');
    expect(reply).toMatchObject({ message: 'Our Starter plan is 29.000 KWD a month. May I have your name?', type: 'data_collection', customerData: {}, collectingData: true });
    const sent = fake.requests[0]!.body;
    expect(sent.model).toBe('claude-test-model');
    expect(sent.stream).toBe(true);
    expect(sent.system).toContain(PRICING);
    expect(sent.system).toContain('Still missing: name, company, email. End your answer by asking, politely, for name only.');
    expect(sent.messages).toEqual([{ role: 'user', content: 'How much is it?' }]);

    fake.reply({ text: 'Thanks Ahmed, our team will be in touch.' });
    const done = await v.say("I'm Ahmed from Blue Fleet, ahmed@bluefleet.com");
    expect(done).toMatchObject({ type: 'lead_complete', collectingData: false, customerData: { name: 'Ahmed', company: 'Blue Fleet', email: 'ahmed@bluefleet.com' } });
    const second = fake.requests[1]!.body;
    expect(second.system).toContain('The visitor has given their name, company and email: name: Ahmed, company: Blue Fleet, email: ahmed@bluefleet.com.');
    expect(second.messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(fake.unexpected).toEqual([]);
  });

  test("an API error: the spec's apology, type error, the details kept", async () => {
    allowConsoleError();
    fake.reply({ status: 500 });
    const reply = await visitor(claude()).say("I'm Ahmed from Blue Fleet");
    expect(reply.message).toContain('having trouble connecting');
    expect(reply).toMatchObject({ type: 'error', customerData: { name: 'Ahmed', company: 'Blue Fleet' }, collectingData: true });
  });

  test('no answer within AI_TIMEOUT_MS: the same apology', async () => {
    allowConsoleError();
    fake.reply('hang');
    const started = performance.now();
    const reply = await visitor(claude({ AI_TIMEOUT_MS: '300' })).say('Hi');
    expect(reply.message).toBe("I'm sorry, I'm having trouble connecting right now. Please try again in a moment, or use our contact form.");
    expect(reply.type).toBe('error');
    expect(performance.now() - started).toBeLessThan(3000);
  });
});
