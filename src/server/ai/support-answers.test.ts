import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'bun:test';
import type { Db } from '../../../db/client';
import { testEnv } from '../../../test/app';
import { freshDb } from '../../../test/db';
import { FAKE_API_KEY, startFakeAnthropic, type FakeAnthropic } from '../../../test/fake-anthropic';
import { makeToolWorld, TOOL_NOW, type ToolWorld } from '../../../test/tool-world';
import { supportChatInput, type SupportChatReply } from '../../shared/schemas/ai';
import { runInLocale } from '../http/locale';
import { loadSessionUser } from '../services/identity';
import { supportChat } from './support-chat';
import { ALL_TOOLS } from './tools';

/**
 * Issue 21 item 6, through ai.supportChat: both providers answer with the figure first, in the user's
 * language, with the rows as a table below; for Claude, every tool's result reaches the model with its
 * figure sentence (in the user's language) ahead of the data, and the model's answer reaches the user as it is.
 * The tool world (test/tool-world.ts) holds rider A's 5.000 KWD on hand and 2.000 KWD in transit.
 */
let db: Db;
let w: ToolWorld;
let fake: FakeAnthropic;

beforeAll(async () => {
  db = await freshDb();
  w = await makeToolWorld(db);
  fake = startFakeAnthropic();
});
afterAll(() => fake.stop());
beforeEach(() => fake.reset());

// Every message here is asked at the tool world's instant (the analyses' month, cash held past 24 hours), and no limit interferes.
const offline = () => testEnv({ CHAT_MAX_PER_MINUTE: '1000' });
const claude = () => testEnv({ CHAT_MAX_PER_MINUTE: '1000', ANTHROPIC_API_KEY: FAKE_API_KEY, ANTHROPIC_BASE_URL: fake.baseUrl });
/** What ai.supportChat runs for a signed-in user (support-chat.test.ts covers the door), in the request's language. */
const ask = async (userId: string, message: string, config = offline(), locale: 'en' | 'ar' = 'en'): Promise<SupportChatReply> => {
  const user = (await loadSessionUser(db, userId))!;
  return runInLocale(locale, () => supportChat({ db, config, now: TOOL_NOW }, user, supportChatInput.parse({ message })));
};
/** Intl's no-break space between a currency and its amount, written as a plain space in the expectations. */
const spaced = (s: string) => s.replaceAll('\u00a0', ' ');
const RLM = '\u200f';
const kwd = (s: string) => `${RLM}${s} د.ك.${RLM}`;

describe('offline assistant', () => {
  test('"How much cash do my riders hold?": the figure first, the riders in a table, no dump', async () => {
    const reply = await ask(w.managerA.id, 'How much cash do my riders hold?');
    expect(spaced(reply.response)).toBe('Your riders hold KWD 5.000 in cash; KWD 2.000 more is in transit (handed over, awaiting your count).');
    expect(reply.type).toBe('text');
    expect(reply.table!.rows.map((r) => r.map(spaced))).toEqual([['Rami Alpha', 'KWD 5.000', 'KWD 2.000', 'KWD 7.000']]);
    expect(reply.response).not.toContain('Truncated');
  });

  test('asked in Arabic, per rider: answered in Arabic even from an English page', async () => {
    const reply = await ask(w.admin.id, 'كم النقد الذي بحوزة كل مندوب؟');
    expect(spaced(reply.response)).toStartWith(`بحوزة المندوبين ${kwd('5.000')} و`);
    expect(spaced(reply.response)).toContain(`لكل مندوب: بحوزة Rami Alpha ${kwd('5.000')} في العهدة و${kwd('2.000')} قيد الانتظار؛ بحوزة Rashed Beta`);
    expect(reply.table!.columns.map((c) => c.label)).toEqual(['المندوب', 'الشركة', 'في العهدة', 'قيد الانتظار', 'المستحق']);
  });

  test('an Arabic user gets Arabic answers; Arabic questions reach the right tool', async () => {
    const orders = await ask(w.managerA.id, 'أرني الطلبات المسلمة', offline(), 'ar');
    expect(spaced(orders.response)).toBe(`الإجمالي طلبان بحالة تم التسليم. الأحدث: Hamad Alpha (تم التسليم، الرسوم ${kwd('1.000')}).`);
    const perf = await ask(w.riderA.user.id, 'كيف أدائي؟', offline(), 'ar');
    expect(perf.response).toStartWith('سلّمت 2 من 4 طلبات خلال آخر 30 يومًا: نسبة الإنجاز 66.7%');
    expect((await ask(w.managerA.id, 'my riders', offline(), 'ar')).response).toBe('مندوبان: 2 نشطون و0 في المناوبة الآن.');
  });
});

/** One case per tool: who asks, what the model calls, the figures its result must carry, in English and in Arabic. */
const CASES: { tool: string; who: () => string; input?: () => Record<string, unknown>; en: string; ar: string }[] = [
  { tool: 'system_stats', who: () => w.managerA.id, en: 'Alpha Couriers earned KWD 2.000 in delivery fees this month; 2 orders open now', ar: `حققت Alpha Couriers ${kwd('2.000')} رسوم توصيل هذا الشهر؛ طلبان مفتوحة الآن` },
  { tool: 'list_companies', who: () => w.admin.id, en: '2 companies: 2 active, with 4 riders and 7 orders in all.', ar: 'شركتان: 2 نشطة، ولديها 4 مندوبين و7 طلبات إجمالًا.' },
  { tool: 'list_riders', who: () => w.managerA.id, en: '2 riders: 2 active and 0 on duty now.', ar: 'مندوبان: 2 نشطون و0 في المناوبة الآن.' },
  { tool: 'search_orders', who: () => w.managerA.id, en: '5 orders in all. The latest: Waiting Alpha (pending, fee KWD 1.000).', ar: `الإجمالي 5 طلبات. الأحدث: Waiting Alpha (قيد الانتظار، الرسوم ${kwd('1.000')}).` },
  { tool: 'rider_performance', who: () => w.managerA.id, input: () => ({ riderId: w.riderA.id }), en: 'Rami Alpha delivered 2 of 4 orders in the last 30 days: completion 66.7%, 0.29 orders per hour over 3.5 h worked, efficiency 9.5%.', ar: 'سلّم Rami Alpha 2 من 4 طلبات خلال آخر 30 يومًا: نسبة الإنجاز 66.7%' },
  { tool: 'cash_reconciliation', who: () => w.managerA.id, en: 'Your riders hold KWD 5.000 in cash; KWD 2.000 more is in transit', ar: `بحوزة مندوبيك ${kwd('5.000')} نقدًا في العهدة، و${kwd('2.000')} أخرى قيد الانتظار` },
  { tool: 'analysis_financial', who: () => w.managerA.id, en: 'Alpha Couriers earned KWD 2.000 in delivery fees from 2026-11-01', ar: `حققت Alpha Couriers ${kwd('2.000')} رسوم توصيل من 2026-11-01` },
  { tool: 'analysis_hr', who: () => w.managerA.id, en: 'Alpha Couriers: 3.5 h worked in 1 shift', ar: 'Alpha Couriers: 3.5 ساعة عمل في 1 مناوبة' },
  { tool: 'analysis_legal', who: () => w.managerA.id, en: 'Alpha Couriers: 1 of 5 compliance checks found an issue', ar: 'Alpha Couriers: 1 من 5 فحوص امتثال وجدت مشكلة' },
  { tool: 'analysis_performance', who: () => w.managerA.id, en: 'Alpha Couriers: 2 of 5 orders delivered', ar: 'Alpha Couriers: سُلِّم 2 من 5 طلبات' },
  { tool: 'create_ticket', who: () => w.riderB.user.id, input: () => ({ subject: 'Scanner stuck', body: 'The odometer scanner does not open.' }), en: 'Ticket opened: “Scanner stuck”, priority medium, status open.', ar: 'فُتحت التذكرة: «Scanner stuck»، الأولوية متوسطة، الحالة مفتوحة.' },
  // After create_ticket's two runs (en, ar): rider B's two tickets.
  { tool: 'dispatch_status', who: () => w.managerA.id, en: 'Dispatch is manual: 0 orders need a rider, 0 offers are out and 0 riders available now.', ar: 'التوزيع يدوي: 0 طلبات بحاجة إلى مندوب، و0 عروض قائمة، و0 مندوبين متاحون الآن.' },
  { tool: 'list_tickets', who: () => w.riderB.user.id, en: '2 support tickets: 2 open, 0 in progress, 0 resolved.', ar: 'تذكرتا دعم: 2 مفتوحة، و0 قيد المعالجة، و0 محلولة.' },
];

describe('Claude assistant (fake Messages API), one tool at a time', () => {
  test('the cases cover every tool', () => {
    expect(CASES.map((c) => c.tool).sort()).toEqual(ALL_TOOLS.map((t) => t.name).sort());
  });

  test('the system prompt asks for the figure first, in the user\'s language, without repeating the table', async () => {
    for (const [locale, language] of [['en', 'English'], ['ar', 'العربية']] as const) {
      fake.reply({ text: 'ok' });
      await ask(w.managerA.id, 'hello', claude(), locale);
      const system = fake.requests.at(-1)!.body.system!;
      expect(system).toContain(locale === 'en' ? `Answer in ${language}. Start with the figure asked for` : `أجب باللغة ${language}. ابدأ بالرقم المطلوب`);
    }
  });

  for (const c of CASES) {
    for (const locale of ['en', 'ar'] as const) {
      test(`${c.tool} (${locale}): the figures reach the model first; its answer reaches the user intact, the table below`, async () => {
        const final = locale === 'en' ? `The answer for ${c.tool}: as the tool says.` : `الإجابة عن ${c.tool} كما تقول الأداة.`;
        fake.reply({ toolUse: { name: c.tool, input: c.input?.() ?? {} } }, { text: final });
        const reply = await ask(c.who(), 'a question', claude(), locale);
        expect(fake.requests).toHaveLength(2);
        const result = (fake.requests[1]!.body.messages.at(-1)!.content as { type: string; content: string; is_error?: boolean }[])[0]!;
        expect(result.type).toBe('tool_result');
        expect(result.is_error).toBeUndefined();
        expect(spaced(result.content)).toStartWith(c[locale]);
        expect(result.content).toMatch(/\n\nData \(JSON\): [{[]/);
        expect(reply.response).toBe(final);
        if (c.tool !== 'create_ticket') expect(reply.table!.rows.length).toBeGreaterThan(0);
      });
    }
  }
});
