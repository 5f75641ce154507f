import { expect, test, type Page, type Request } from '@playwright/test';
import { holdRequests, signIn } from './fixtures';

/** The visitor sales chat (spec sections 2, 4, 5, 7, 8 and 9) against the built-in assistant. */
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

const SALES = /\/api\/trpc\/ai\.salesChat/;
const NOTIFY = /\/api\/trpc\/ai\.notifyEmail/;
type SalesInput = { message: string; customerData: Record<string, string>; conversationHistory: { role: string; content: string }[]; conversationId?: string };
const inputOf = <T>(r: Request) => (r.postDataJSON() as Record<string, T>)['0']!;

async function openChat(page: Page) {
  await page.getByTestId('chat-bubble').click();
  const panel = page.getByTestId('chat-panel');
  await expect(panel.getByTestId('chat-body')).toBeVisible();
  return panel;
}

/** Sends `text` with Enter and waits for the assistant's answer to it. */
async function say(page: Page, text: string) {
  const panel = page.getByTestId('chat-panel');
  const answers = await panel.getByTestId('chat-ai').count();
  await panel.getByTestId('chat-input').fill(text);
  await panel.getByTestId('chat-input').press('Enter');
  await expect(panel.getByTestId('chat-ai')).toHaveCount(answers + 1);
  await expect(panel.getByTestId('chat-typing')).toHaveCount(0);
  return panel.getByTestId('chat-ai').last();
}

test('blank input is ignored; Enter sends with a typing indicator; Shift+Enter makes a new line', async ({ page }) => {
  const sent: SalesInput[] = [];
  page.on('request', (r) => {
    if (SALES.test(r.url())) sent.push(inputOf<SalesInput>(r));
  });
  await page.goto('/');
  const panel = await openChat(page);
  const input = panel.getByTestId('chat-input');
  await expect(input).toHaveJSProperty('tagName', 'TEXTAREA');

  await input.fill('   \n  ');
  await input.press('Enter');
  await expect(panel.getByTestId('chat-send')).toBeDisabled();
  await expect(panel.getByTestId('chat-user')).toHaveCount(0);

  await input.fill('');
  await input.pressSequentially('Line one');
  await input.press('Shift+Enter');
  await input.pressSequentially('Line two');
  await expect(input).toHaveValue('Line one\nLine two');
  await expect(panel.getByTestId('chat-user')).toHaveCount(0);

  const gate = await holdRequests(page, SALES);
  await input.press('Enter');
  await expect(panel.getByTestId('chat-user')).toHaveText('Line one\nLine two');
  await expect(input).toHaveValue('');
  await expect(panel.getByTestId('chat-typing')).toBeVisible();
  gate.release();
  await expect(panel.getByTestId('chat-typing')).toHaveCount(0);
  await expect(panel.getByTestId('chat-ai')).toHaveCount(2); // the greeting and the answer

  const reply = await say(page, 'How much does it cost?');
  await expect(reply).not.toBeEmpty();
  expect(sent.map((s) => s.message)).toEqual(['Line one\nLine two', 'How much does it cost?']);
  expect(sent[1]!.conversationHistory.map((h) => h.role)).toEqual(['user', 'assistant']);
});

test('collects name, company and email, then notifies the sales team once per session; the conversation survives navigation', async ({ page, browser }) => {
  const stamp = Date.now();
  const email = `noura.${stamp}@gulfcouriers.example`;
  const notified: { customerData: Record<string, string>; source: string }[] = [];
  page.on('request', (r) => {
    if (NOTIFY.test(r.url())) notified.push(inputOf(r));
  });
  await page.goto('/contact');
  await openChat(page);
  await say(page, 'Hello, do you work in Kuwait and the UAE?');
  await say(page, `I'm Noura from Gulf Couriers, my email is ${email}`);
  await expect.poll(() => notified.length).toBe(1);
  expect(notified[0]).toEqual({ customerData: expect.objectContaining({ name: 'Noura', company: 'Gulf Couriers', email }), source: 'chat-widget' });

  await say(page, 'My phone is +965 5555 1234');
  // Client-side navigation keeps the open panel; a full load restores the conversation from sessionStorage.
  await page.getByRole('link', { name: 'Home' }).first().click();
  await expect(page.getByTestId('chat-panel').getByTestId('chat-user')).toHaveCount(3);
  await page.goto('/login');
  await expect(page.getByTestId('chat-panel')).toHaveCount(0);
  const panel = await openChat(page);
  await expect(panel.getByTestId('chat-user')).toHaveCount(3);
  await expect(panel.getByTestId('chat-user').nth(1)).toContainText(email);
  await say(page, 'Thanks!');
  await page.waitForTimeout(300);
  expect(notified).toHaveLength(1);

  // The admin sees the lead in the sales inbox.
  const admin = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
  await signIn(admin, 'admin');
  const adminPage = await admin.newPage();
  await adminPage.goto('/admin');
  await adminPage.getByTestId('oversight-tabs').getByRole('tab', { name: 'Sales inbox' }).click();
  const lead = adminPage.getByTestId('inbox-leads').locator('tr', { hasText: email });
  await expect(lead).toContainText('Gulf Couriers');
  await expect(lead).toContainText('chat-widget');
  await admin.close();
});

test('sends at most the last 10 messages as history, and the conversation id from the first reply', async ({ page }) => {
  const sent: SalesInput[] = [];
  page.on('request', (r) => {
    if (SALES.test(r.url())) sent.push(inputOf<SalesInput>(r));
  });
  await page.goto('/');
  await openChat(page);
  for (const q of ['Hi', 'Features?', 'Pricing?', 'Regions?', 'OCR?', 'GPS?', 'Offline?']) await say(page, q);
  expect(sent.map((s) => s.conversationHistory.length)).toEqual([0, 2, 4, 6, 8, 10, 10]);
  expect(sent[6]!.conversationHistory[0]).toEqual({ role: 'user', content: 'Features?' });
  // The first message starts a conversation; every later one carries its id.
  expect(sent[0]!.conversationId).toBeUndefined();
  expect(new Set(sent.slice(1).map((s) => s.conversationId)).size).toBe(1);
  expect(sent[1]!.conversationId).toMatch(/^\w{20}$/);
});

test('a network failure shows the local apology: “having trouble connecting”', async ({ page }) => {
  await page.route(SALES, (route) => route.abort('connectionfailed'));
  await page.goto('/');
  await openChat(page);
  const reply = await say(page, 'Hello?');
  await expect(reply).toContainText('having trouble connecting');
});

test('phone: the open chat is a full-width bottom sheet; closed, the bubble covers none of the rider app’s buttons', async ({ browser }) => {
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  const page = await ctx.newPage();
  await page.goto('/');
  const panel = await openChat(page);
  await say(page, 'What regions do you serve?');
  const box = (await panel.boundingBox())!;
  expect(box.x).toBe(0);
  expect(box.width).toBe(390);
  expect(Math.round(box.y + box.height)).toBe(844);
  await page.screenshot({ path: '.tmp/shots/chat-widget-open-phone.png' });
  await panel.getByTestId('chat-minimize').click();
  await page.screenshot({ path: '.tmp/shots/chat-widget-minimized-phone.png' });
  await ctx.close();

  const rider = await browser.newContext({ viewport: { width: 390, height: 844 }, serviceWorkers: 'block' });
  await signIn(rider, 'rider');
  const app = await rider.newPage();
  await app.goto('/app');
  await expect(app.getByTestId('rider-app')).toBeVisible();
  await expect(app.locator('.skeleton')).toHaveCount(0);
  for (const at of ['top', 'bottom'] as const) {
    if (at === 'bottom') await app.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await app.waitForTimeout(100);
    const bubble = (await app.getByTestId('chat-bubble').boundingBox())!;
    const covered = await app.getByTestId('rider-app').locator('button:visible, a:visible').evaluateAll(
      (els, b) =>
        els
          .map((el) => ({ r: el.getBoundingClientRect(), label: el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName }))
          .filter(({ r }) => r.right > b.x && r.left < b.x + b.width && r.bottom > b.y && r.top < b.y + b.height)
          .map(({ label }) => label),
      bubble,
    );
    expect(covered, `buttons under the chat bubble (${at})`).toEqual([]);
    await app.screenshot({ path: `.tmp/shots/chat-widget-app-${at}-phone.png` });
  }
  await rider.close();
});

test('signed in, the bubble opens the support assistant: the Support page’s conversation, and the Support page shows only its own chat', async ({ page, context }) => {
  const asked: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/trpc\/ai\.(salesChat|supportChat)/.test(r.url())) asked.push(r.url().includes('supportChat') ? 'support' : 'sales');
  });
  await signIn(context, 'fast');
  await page.goto('/company');
  const panel = await openChat(page);
  await expect(panel).toHaveAccessibleName('AI Chat Support');
  await expect(panel.getByTestId('chat-ai').first()).toHaveText(
    'Hello Khalid! Ask me about your riders, orders, cash or performance, or ask for a report. I answer from the data your account can see.',
  );
  await say(page, 'How many orders do I have?');
  expect(asked).toEqual(['support']);
  await page.screenshot({ path: '.tmp/shots/chat-widget-support-desktop.png' });

  // The panel's link leads to the Support page: one chat there, the same conversation.
  await panel.getByTestId('chat-support-link').click();
  await expect(page).toHaveURL(/\/support$/);
  await expect(page.getByTestId('chat-bubble')).toHaveCount(0);
  await expect(page.getByTestId('chat-panel')).toHaveCount(0);
  const chat = page.getByTestId('support-chat');
  await expect(chat.getByTestId('chat-user')).toHaveText(['How many orders do I have?']);
  await expect(chat.getByTestId('chat-ai')).toHaveCount(2);

  // Signed out again, the bubble is the sales chat.
  await context.clearCookies();
  await page.goto('/');
  await openChat(page);
  await say(page, 'Hello');
  expect(asked).toEqual(['support', 'sales']);
});

test('desktop screenshot of the open widget', async ({ page }) => {
  await page.goto('/');
  await openChat(page);
  await say(page, 'Tell me about your features');
  await page.screenshot({ path: '.tmp/shots/chat-widget-open-desktop.png' });
});
