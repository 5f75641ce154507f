import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import { eq } from 'drizzle-orm';
import { chatConversations, chatMessages } from '../../../db/schema';
import type { Analysis, SupportChatReply } from '../../shared/schemas/ai';
import { callerFor, login, postJson, testApp, testEnv, type TestApp } from '../../../test/app';
import { allowConsoleError } from '../../../test/console';
import { DENIED, expectTRPCError } from '../../../test/expect';
import { FAKE_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../../../test/fake-anthropic';
import { makeOrder, makeRider, TEST_PASSWORD } from '../../../test/factories';
import { freshWorld } from '../../../test/world';

const { db, w } = await freshWorld();
let app: TestApp;
let fake: FakeAnthropic;
let cookieA: string;

const A_NAMES = ['Rami Alpha', 'Aziz Alpha'];
const B_NAMES = ['Rashed Beta', 'Bashir Beta', 'Beta Express', 'Bader Customer'];

beforeAll(async () => {
  app = testApp(db);
  fake = startFakeAnthropic();
  await makeOrder(db, w.companyA, { customerName: 'Amal Customer', riderId: w.riderA.id, status: 'pending' });
  await makeOrder(db, w.companyB, { customerName: 'Bader Customer', riderId: w.riderB.id, status: 'pending' });
  cookieA = await login(app, 'manager@alpha.example', TEST_PASSWORD);
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

const claudeEnv = (over: Record<string, string> = {}) => testEnv({ ANTHROPIC_API_KEY: FAKE_API_KEY, ANTHROPIC_BASE_URL: fake.baseUrl, ...over });
const ask = async (userId: string, message: string, extra: Record<string, unknown> = {}, env = testEnv()) =>
  (await callerFor(db, userId, env)).ai.supportChat({ message, ...extra });
const noneOf = (text: string, names: string[]) => names.filter((n) => text.includes(n));

describe('POST /api/ai/chat with the Support page shape', () => {
  test('signed out: 401; the visitor shape stays public', async () => {
    const res = await postJson(app, '/api/ai/chat', { message: 'my orders', userId: w.managerA.id, userRole: 'company', conversationHistory: [] });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toEqual({ code: 'UNAUTHORIZED', message: DENIED.signedOut });
    expect((await postJson(app, '/api/ai/chat', { message: 'Hi' }, { ip: '192.0.2.90' })).status).toBe(200);
  });

  test("a client-sent userId and userRole of someone else are ignored: the answer is the session's own", async () => {
    const res = await postJson(app, '/api/ai/chat', { message: 'Show my riders', userId: w.managerB.id, userRole: 'admin', conversationHistory: [] }, { cookie: cookieA });
    expect(res.status).toBe(200);
    const reply = (await res.json()) as SupportChatReply;
    expect(reply.type).toBe('text');
    expect(reply.response).toBe('2 riders: 2 active and 0 on duty now.');
    const rows = JSON.stringify(reply.table);
    for (const name of A_NAMES) expect(rows).toContain(name);
    expect(noneOf(rows, B_NAMES)).toEqual([]);
  });

  test('the manager report link is for the signed-in user, whatever userId the body says', async () => {
    const res = await postJson(app, '/api/ai/chat', { message: 'Download my report', userId: w.admin.id, userRole: 'admin' }, { cookie: cookieA });
    expect(await res.json()).toEqual({
      response: 'Your manager report for Alpha Couriers is ready. Use the download link below.',
      type: 'report',
      downloadUrl: `/api/ai/download-report/${w.managerA.id}`,
      downloadTitle: 'Manager report',
    });
  });

  test('a blank message or more than 5 history entries: 400', async () => {
    const blank = await postJson(app, '/api/ai/chat', { message: ' ', userRole: 'company' }, { cookie: cookieA });
    expect(blank.status).toBe(400);
    const history = Array.from({ length: 6 }, () => ({ role: 'user', content: 'x' }));
    const long = await postJson(app, '/api/ai/chat', { message: 'hi', userRole: 'company', conversationHistory: history }, { cookie: cookieA });
    expect(long.status).toBe(400);
    expect((await long.json()).error.field).toBe('conversationHistory');
  });

  test('tRPC: ai.supportChat needs a session', async () => {
    await expectTRPCError((await callerFor(db, null)).ai.supportChat({ message: 'hi' }), 'UNAUTHORIZED');
  });
});

describe('offline support assistant: the user\'s own data through the tools', () => {
  test('orders: company A sees its own, never B\'s', async () => {
    const reply = await ask(w.managerA.id, 'show my pending orders', { userId: w.managerB.id });
    expect(reply.response.replaceAll('\u00a0', ' ')).toBe('1 order in all with status pending. The latest: Amal Customer (pending, fee KWD 1.000).');
    expect(reply.table!.rows.map((r) => r[0])).toEqual(['Amal Customer']);
    expect(noneOf(JSON.stringify(reply), B_NAMES)).toEqual([]);
    const b = await ask(w.managerB.id, 'show my orders');
    expect(b.response).toContain('Bader Customer');
    expect(JSON.stringify(b)).not.toContain('Amal Customer');
  });

  test('figures for a company are its own', async () => {
    const reply = await ask(w.managerA.id, 'Give me an overview');
    expect(reply.response).toStartWith('Alpha Couriers earned ');
    expect(reply.response).toContain('1 order open now, 2 riders in the fleet');
    expect(reply.table!.rows).toContainEqual(['Fleet size', '2']);
  });

  test('a rider may not list riders; it gets its own performance', async () => {
    expect((await ask(w.riderA.user.id, 'list the riders')).response).toBe("That isn't available to your account.");
    const perf = await ask(w.riderA.user.id, 'How is my performance?');
    expect(perf.response).toBe('You delivered 0 of 1 order in the last 30 days: completion 0%, 0 orders per hour over 0 h worked, efficiency 0%.');
    expect(perf.table!.rows[0]).toEqual(['Assigned', '1']);
  });

  test('an analysis comes with its JSON as a download, for the caller\'s scope only', async () => {
    const reply = await ask(w.managerA.id, 'Please run the financial analysis', { userId: w.admin.id, userRole: 'admin' });
    expect(reply.type).toBe('report');
    expect(reply.response).toStartWith('Alpha Couriers earned ');
    expect(reply.response.split('\n\n')[1]).toStartWith('Financial analysis for Alpha Couriers');
    expect(reply.downloadTitle).toBe('Financial analysis');
    const json = JSON.parse(Buffer.from(reply.downloadUrl!.replace('data:application/json;base64,', ''), 'base64').toString()) as Analysis;
    expect(json).toMatchObject({ type: 'financial', timeframe: 'monthly', scope: { kind: 'company', name: 'Alpha Couriers' } });
    expect(noneOf(JSON.stringify(json), B_NAMES)).toEqual([]);
  });

  test('help, and a question about analyses without a type', async () => {
    expect((await ask(w.riderA.user.id, 'hello')).response).toBe(
      'I can answer about your own work: your figures, orders, cash, performance and tickets, and produce your report or a financial, HR, legal or performance analysis.',
    );
    expect((await ask(w.managerA.id, 'can you do an analysis?')).response).toBe('Which analysis would you like: financial, HR, legal or performance?');
  });

  test('each user has one support conversation with every exchange', async () => {
    await ask(w.riderB.user.id, 'my tickets');
    await ask(w.riderB.user.id, 'my cash');
    const convs = await db.select().from(chatConversations).where(eq(chatConversations.userId, w.riderB.user.id));
    expect(convs.map((c) => c.kind)).toEqual(['support']);
    const msgs = await db.select().from(chatMessages).where(eq(chatMessages.conversationId, convs[0]!.id)).orderBy(chatMessages.createdAt);
    expect(msgs.map((m) => [m.sender, m.content.split('\n')[0]])).toEqual([
      ['user', 'my tickets'],
      ['ai', 'You have no support tickets.'],
      ['user', 'my cash'],
      ['ai', 'No cash is on hand or in transit.'],
    ]);
  });
});

describe('Claude support assistant (fake Messages API)', () => {
  test('tool_use round trip with the session\'s scope: company A\'s riders reach the model, B\'s never do', async () => {
    fake.reply({ toolUse: { name: 'list_riders', input: {} } }, { text: 'You have 2 riders: Rami Alpha and Aziz Alpha.' });
    const reply = await ask(w.managerA.id, 'who are my riders?', { userId: w.managerB.id, userRole: 'admin' }, claudeEnv());
    expect(reply).toMatchObject({ response: 'You have 2 riders: Rami Alpha and Aziz Alpha.', type: 'text' });
    expect(reply.table!.rows.map((r) => r[0]).sort()).toEqual(['Aziz Alpha', 'Rami Alpha']);
    const first = fake.requests[0]!.body;
    expect(first.system).toContain('signed in as company (Alpha Couriers)');
    expect(first.tools!.map((t) => t.name)).toContain('list_riders');
    expect(first.tools!.map((t) => t.name)).not.toContain('list_companies_of_everyone');
    const result = (fake.requests[1]!.body.messages.at(-1)!.content as { type: string; content: string }[])[0]!;
    expect(result.type).toBe('tool_result');
    for (const name of A_NAMES) expect(result.content).toContain(name);
    expect(noneOf(result.content, B_NAMES)).toEqual([]);
  });

  test('a model asking for another company gets a refusal as the tool result, not the data', async () => {
    fake.reply({ toolUse: { name: 'search_orders', input: { companyId: w.companyB.id } } }, { text: 'I can only see your own company.' });
    await ask(w.managerA.id, 'show Beta Express orders', {}, claudeEnv());
    const result = (fake.requests[1]!.body.messages.at(-1)!.content as { content: string; is_error?: boolean }[])[0]!;
    expect(result.is_error).toBe(true);
    expect(result.content).toBe('Access denied: you can only see your own company');
    expect(noneOf(result.content, B_NAMES)).toEqual([]);
  });

  test('an analysis asked of Claude still comes with the download, computed from the data', async () => {
    fake.reply({ toolUse: { name: 'analysis_hr', input: {} } }, { text: 'Here is your HR analysis.' });
    const reply = await ask(w.managerA.id, 'HR analysis please', {}, claudeEnv());
    expect(reply).toMatchObject({ response: 'Here is your HR analysis.', type: 'report', downloadTitle: 'HR analysis' });
    expect(reply.downloadUrl).toStartWith('data:application/json;base64,');
    expect(fake.requests).toHaveLength(2);
  });

  test("an API error or a timeout: 'I encountered an issue'", async () => {
    allowConsoleError();
    fake.reply({ status: 500 });
    const failed = await ask(w.managerA.id, 'my orders', {}, claudeEnv());
    expect(failed).toEqual({ response: "I'm sorry, I encountered an issue while answering. Please try again in a moment.", type: 'error' });
    fake.reply('stall');
    const slow = await ask(w.managerA.id, 'my orders', {}, claudeEnv({ AI_TIMEOUT_MS: '300' }));
    expect(slow.response).toContain('I encountered an issue');
    expect(slow.type).toBe('error');
  });
});

test('the support chat is limited per user (it may call Claude several times a message): 429 past the limit', async () => {
  const env = testEnv({ CHAT_MAX_PER_MINUTE: '2' });
  // A rider no other test here has used, so earlier messages do not count against the window.
  const fresh = await makeRider(db, w.companyA, { name: 'Limit Rider', userOver: { email: 'limit.rider@example.com' } });
  const caller = await callerFor(db, fresh.user!.id, env);
  for (let i = 0; i < 2; i++) await caller.ai.supportChat({ message: 'How many orders do I have?' });
  await expectTRPCError(caller.ai.supportChat({ message: 'And now?' }), 'TOO_MANY_REQUESTS');
});
