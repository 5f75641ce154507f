import { beforeAll, describe, expect, test } from 'bun:test';
import type { Db } from '../../../../db/client';
import { freshDb } from '../../../../test/db';
import { makeToolWorld, TOOL_NOW, type ToolWorld } from '../../../../test/tool-world';
import type { Locale } from '../../../shared/i18n';
import { runInLocale } from '../../lib/request-locale';
import { loadSessionUser } from '../../services/identity';
import { ALL_TOOLS, callTool } from '../tools';
import { composeAnswer, hasComposer, type Answer } from './index';
import { actorFor, type Actor } from '../../services/access';

/**
 * Every tool's answer states its figures first, in English and Arabic, from the known rows of
 * test/tool-world.ts (rider A: 5.000 KWD on hand, 2.000 KWD handed over and not yet counted; rider B:
 * 20.00 AED on hand). Arabic amounts are Intl's: right-to-left marks around "5.000 د.ك.".
 */
let db: Db;
let w: ToolWorld;
const scopes = {} as Record<'admin' | 'companyA' | 'riderA', Actor>;
const RLM = '\u200f';
const kwd = (s: string) => `${RLM}${s} د.ك.${RLM}`;
const aed = (s: string) => `${RLM}${s} د.إ.${RLM}`;

beforeAll(async () => {
  db = await freshDb();
  w = await makeToolWorld(db);
  const ids = { admin: w.admin.id, companyA: w.managerA.id, riderA: w.riderA.user.id };
  for (const [k, id] of Object.entries(ids)) scopes[k as keyof typeof scopes] = await actorFor(db, (await loadSessionUser(db, id))!);
});

/** Intl puts a no-break space between a currency and its amount; the expectations are written with a plain one. */
const spaced = (a: Answer): Answer => JSON.parse(JSON.stringify(a).replaceAll('\u00a0', ' ')) as Answer;

async function answer(who: keyof typeof scopes, tool: string, message = '', input: Record<string, unknown> = {}): Promise<Record<Locale, Answer>> {
  const result = await callTool(db, scopes[who], tool, input, TOOL_NOW, { aedToKwd: 0.1 });
  const asked = { role: scopes[who].role, message, input };
  return { en: spaced(runInLocale('en', () => composeAnswer(tool, result, asked))), ar: spaced(runInLocale('ar', () => composeAnswer(tool, result, asked))) };
}
const head = (a: Answer) => a.text.split('\n\n')[0];

test('every tool the assistants use has an answer composer', () => {
  expect(ALL_TOOLS.map((t) => t.name).filter((n) => !hasComposer(n))).toEqual([]);
});

describe('cash_reconciliation', () => {
  test('a company: on hand and in transit first, the riders below', async () => {
    const a = await answer('companyA', 'cash_reconciliation', 'How much cash do my riders hold?');
    expect(a.en.text).toBe('Your riders hold KWD 5.000 in cash; KWD 2.000 more is in transit (handed over, awaiting your count).');
    expect(a.ar.text).toBe(`بحوزة مندوبيك ${kwd('5.000')} نقدًا في العهدة، و${kwd('2.000')} أخرى قيد الانتظار (سُلِّمت وتنتظر عدّك).`);
    expect(a.en.table).toEqual({
      columns: [{ label: 'Rider' }, { label: 'On hand', numeric: true }, { label: 'Pending', numeric: true }, { label: 'Outstanding', numeric: true }],
      rows: [['Rami Alpha', 'KWD 5.000', 'KWD 2.000', 'KWD 7.000']],
    });
    expect(a.ar.table!.columns.map((c) => c.label)).toEqual(['المندوب', 'في العهدة', 'قيد الانتظار', 'المستحق']);
  });

  test('an admin asking per rider: totals per currency, then each rider', async () => {
    const a = await answer('admin', 'cash_reconciliation', 'How much cash does each rider hold?');
    expect(a.en.text).toBe(
      'Riders hold KWD 5.000 and AED 20.00 in cash; KWD 2.000 more is in transit (handed over, awaiting the company’s count). Per rider: Rami Alpha has KWD 5.000 on hand and KWD 2.000 in transit; Rashed Beta has AED 20.00 on hand and AED 0.00 in transit.',
    );
    expect(a.ar.text).toBe(
      `بحوزة المندوبين ${kwd('5.000')} و${aed('20.00')} نقدًا في العهدة، و${kwd('2.000')} أخرى قيد الانتظار (سُلِّمت وتنتظر عدّ الشركة). لكل مندوب: بحوزة Rami Alpha ${kwd('5.000')} في العهدة و${kwd('2.000')} قيد الانتظار؛ بحوزة Rashed Beta ${aed('20.00')} في العهدة و${aed('0.00')} قيد الانتظار.`,
    );
    expect(a.en.table!.rows.map((r) => r.slice(0, 3))).toEqual([
      ['Rami Alpha', 'Alpha Couriers', 'KWD 5.000'],
      ['Rashed Beta', 'Beta Express', 'AED 20.00'],
    ]);
  });

  test('a rider named in the question comes first; the rider asks about itself', async () => {
    const named = await answer('admin', 'cash_reconciliation', 'how much cash does rashed hold?');
    expect(named.en.text).toBe('Rashed Beta holds AED 20.00 in cash; AED 0.00 more is in transit.');
    expect(named.ar.text).toBe(`بحوزة Rashed Beta ${aed('20.00')} نقدًا في العهدة، و${aed('0.00')} أخرى قيد الانتظار.`);
    expect(named.en.table!.rows.map((r) => r[0])).toEqual(['Rashed Beta']);
    const own = await answer('riderA', 'cash_reconciliation', 'my cash');
    expect(own.en.text).toBe('You hold KWD 5.000 in cash; KWD 2.000 more is in transit (handed over, awaiting the company’s count).');
    expect(own.ar.text).toBe(`بحوزتك ${kwd('5.000')} نقدًا في العهدة، و${kwd('2.000')} أخرى قيد الانتظار (سلّمتها وتنتظر عدّ الشركة).`);
  });
});

describe('system_stats', () => {
  test('admin, company and rider figures first', async () => {
    const admin = await answer('admin', 'system_stats');
    expect(admin.en.text).toBe('Today: 6 orders created and KWD 2.500 in delivery fees; 0 of 4 riders active now, across 2 companies. Completion over the last 30 days: 60%.');
    expect(admin.ar.text).toBe(`اليوم: 6 طلبات أُنشئت و${kwd('2.500')} رسوم توصيل؛ 0 من 4 مندوبين نشطون الآن في شركتان. نسبة الإنجاز خلال آخر 30 يومًا: 60%.`);
    expect(admin.en.table!.rows).toContainEqual(['Delivery fees today', 'KWD 2.500']);
    const company = await answer('companyA', 'system_stats');
    expect(company.en.text).toBe('Alpha Couriers earned KWD 2.000 in delivery fees this month; 2 orders open now, 2 riders in the fleet, success rate 66.7% over the last 30 days.');
    expect(company.ar.text).toBe(`حققت Alpha Couriers ${kwd('2.000')} رسوم توصيل هذا الشهر؛ طلبان مفتوحة الآن، ومندوبان في الأسطول، ونسبة النجاح 66.7% خلال آخر 30 يومًا.`);
    const rider = await answer('riderA', 'system_stats');
    expect(rider.en.text).toBe('Today you completed 1 of 3 orders and earned KWD 1.000; you hold KWD 5.000 in cash, with KWD 2.000 awaiting the count.');
    expect(rider.ar.text).toBe(`أنجزت اليوم 1 من 3 طلبات وكسبت ${kwd('1.000')}؛ وبحوزتك ${kwd('5.000')} نقدًا، و${kwd('2.000')} تنتظر العدّ.`);
    expect(rider.ar.table!.rows).toContainEqual(['في العهدة', kwd('5.000')]);
  });
});

describe('directory tools', () => {
  test('list_companies: an admin counts companies, riders and orders; a manager hears about its own', async () => {
    const all = await answer('admin', 'list_companies');
    expect(all.en.text).toBe('2 companies: 2 active, with 4 riders and 7 orders in all.');
    expect(all.ar.text).toBe('شركتان: 2 نشطة، ولديها 4 مندوبين و7 طلبات إجمالًا.');
    expect(all.en.table!.rows).toEqual([
      ['Alpha Couriers', 'Kuwait (KWD)', 'Yes', '2', '5'],
      ['Beta Express', 'UAE (AED)', 'Yes', '2', '2'],
    ]);
    const own = await answer('companyA', 'list_companies');
    expect(own.en.text).toBe('Your company, Alpha Couriers, works in Kuwait (KWD); it is active.');
    expect(own.ar.text).toBe('شركتك Alpha Couriers تعمل في الكويت (KWD)؛ وهي نشطة.');
  });

  test('list_riders: how many, active and on duty', async () => {
    const a = await answer('companyA', 'list_riders');
    expect(a.en.text).toBe('2 riders: 2 active and 0 on duty now.');
    expect(a.ar.text).toBe('مندوبان: 2 نشطون و0 في المناوبة الآن.');
    expect(a.en.table!.rows.map((r) => r[0]).sort()).toEqual(['Aziz Alpha', 'Rami Alpha']);
    const page = await answer('admin', 'list_riders', '', { pageSize: 5 });
    expect(page.en.text).toBe('4 riders: 4 active and 0 on duty now.');
  });
});

describe('search_orders', () => {
  test('how many, the latest, the page below; a status filter is said', async () => {
    const a = await answer('companyA', 'search_orders');
    expect(a.en.text).toBe('5 orders in all. The latest: Waiting Alpha (pending, fee KWD 1.000).');
    expect(a.ar.text).toBe(`الإجمالي 5 طلبات. الأحدث: Waiting Alpha (قيد الانتظار، الرسوم ${kwd('1.000')}).`);
    expect(a.en.table!.rows[1]).toEqual(['Noura Alpha', 'Assigned', 'Rami Alpha', 'KWD 1.000']);
    const delivered = await answer('companyA', 'search_orders', '', { status: 'delivered' });
    expect(delivered.en.text).toBe('2 orders in all with status delivered. The latest: Hamad Alpha (delivered, fee KWD 1.000).');
    expect(delivered.ar.text).toBe(`الإجمالي طلبان بحالة تم التسليم. الأحدث: Hamad Alpha (تم التسليم، الرسوم ${kwd('1.000')}).`);
    const none = await answer('companyA', 'search_orders', '', { status: 'cancelled' });
    expect(none.en).toEqual({ text: 'No orders match with status cancelled.' });
  });
});

describe('rider_performance', () => {
  test('delivered of assigned, completion, orders per hour and efficiency', async () => {
    const a = await answer('companyA', 'rider_performance', '', { riderId: w.riderA.id });
    expect(a.en.text).toBe('Rami Alpha delivered 2 of 4 orders in the last 30 days: completion 66.7%, 0.29 orders per hour over 3.5 h worked, efficiency 9.5%.');
    expect(a.ar.text).toBe('سلّم Rami Alpha 2 من 4 طلبات خلال آخر 30 يومًا: نسبة الإنجاز 66.7%، و0.29 طلب في الساعة على مدى 3.5 ساعة عمل، والكفاءة 9.5%.');
    expect(a.en.table!.rows).toContainEqual(['Cash collected', 'KWD 10.000']);
    expect(a.en.table!.note).toBeUndefined();
    const self = await answer('riderA', 'rider_performance');
    expect(self.en.text).toStartWith('You delivered 2 of 4 orders in the last 30 days');
    expect(self.ar.text).toStartWith('سلّمت 2 من 4 طلبات خلال آخر 30 يومًا');
  });
});

describe('analyses', () => {
  test('financial: fees and cash on hand first, then the analysis', async () => {
    const a = await answer('companyA', 'analysis_financial');
    expect(head(a.en)).toBe('Alpha Couriers earned KWD 2.000 in delivery fees from 2026-11-01 to 2026-11-05; KWD 5.000 in cash is still on hand and KWD 2.000 awaits the count.');
    expect(head(a.ar)).toBe(`حققت Alpha Couriers ${kwd('2.000')} رسوم توصيل من 2026-11-01 إلى 2026-11-05؛ وما زال ${kwd('5.000')} نقدًا في العهدة و${kwd('2.000')} تنتظر العدّ.`);
    expect(a.en.text.split('\n\n')[1]).toStartWith('Financial analysis for Alpha Couriers');
    expect(a.en.table!.rows).toEqual([['KWD', 'KWD 2.000', '2', 'KWD 10.000', 'KWD 5.000', 'KWD 2.000']]);
  });

  test('hr, legal and performance', async () => {
    const hr = await answer('companyA', 'analysis_hr');
    expect(head(hr.en)).toBe('Alpha Couriers: 3.5 h worked in 1 shift from 2026-11-01 to 2026-11-05; 1 of 2 riders worked, with 0 h of overtime.');
    expect(head(hr.ar)).toBe('Alpha Couriers: 3.5 ساعة عمل في 1 مناوبة من 2026-11-01 إلى 2026-11-05؛ عمل 1 من مندوبان، مع 0 ساعة عمل إضافي.');
    expect(hr.en.table!.rows[0]).toEqual(['Rami Alpha', '3.5', '1', '1', '0']);
    const legal = await answer('companyA', 'analysis_legal');
    expect(head(legal.en)).toBe('Alpha Couriers: 1 of 5 compliance checks found an issue from 2026-11-01 to 2026-11-05.');
    expect(head(legal.ar)).toBe('Alpha Couriers: 1 من 5 فحوص امتثال وجدت مشكلة من 2026-11-01 إلى 2026-11-05.');
    expect(legal.en.table!.rows[0]).toEqual(['License number', 'Issue', 'Aziz Alpha, Rami Alpha']);
    const perf = await answer('companyA', 'analysis_performance');
    expect(head(perf.en)).toBe('Alpha Couriers: 2 of 5 orders delivered from 2026-11-01 to 2026-11-05; completion 66.7%, 0.29 orders per hour, efficiency 9.5%.');
    expect(head(perf.ar)).toBe('Alpha Couriers: سُلِّم 2 من 5 طلبات من 2026-11-01 إلى 2026-11-05؛ نسبة الإنجاز 66.7%، و0.29 طلب في الساعة، والكفاءة 9.5%.');
    expect(perf.en.table!.rows[0]).toEqual(['Rami Alpha', '1', '3.5', '0.29', '9.5%']);
  });
});

describe('tickets', () => {
  test('create_ticket says what was opened; list_tickets counts by status', async () => {
    const created = await answer('riderA', 'create_ticket', '', { subject: 'App froze', body: 'The map froze.' });
    expect(created.en).toEqual({ text: 'Ticket opened: “App froze”, priority medium, status open.' });
    expect(created.ar).toEqual({ text: 'فُتحت التذكرة: «App froze»، الأولوية متوسطة، الحالة مفتوحة.' });
    const list = await answer('riderA', 'list_tickets');
    expect(list.en.text).toBe('1 support ticket: 1 open, 0 in progress, 0 resolved.');
    expect(list.ar.text).toBe('1 تذكرة دعم: 1 مفتوحة، و0 قيد المعالجة، و0 محلولة.');
    expect(list.en.table!.rows).toEqual([['App froze', 'Open', 'Medium', '0']]);
    expect((await answer('admin', 'list_tickets', '', { status: 'resolved' })).en).toEqual({ text: 'You have no support tickets.' });
  });
});
