import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { expectToast, signIn } from './fixtures';

/** The Support page (spec section 2): AI Chat Support, Support Tickets, Downloads. */
test.use({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });

const tabs = (page: Page) => page.getByTestId('support-tabs');

test('the three tabs, in the spec’s words, and the tab lives in the URL', async ({ page, context }) => {
  await signIn(context, 'rider');
  await page.goto('/support');
  await expect(tabs(page).getByRole('tab')).toHaveText(['AI Chat Support', 'Support Tickets', 'Downloads']);
  await expect(tabs(page).getByRole('tab', { name: 'AI Chat Support' })).toHaveAttribute('aria-selected', 'true');
  await tabs(page).getByRole('tab', { name: 'Downloads' }).click();
  await expect(page).toHaveURL(/\/support\?tab=downloads$/);
  await expect(page.getByTestId('downloads-tab')).toBeVisible();
});

test.describe('AI Chat Support', () => {
  test('sends the message with the user, role and at most the last 5 messages, and shows the reply', async ({ page, context }) => {
    await signIn(context, 'fast');
    await page.goto('/support');
    const chat = page.getByTestId('support-chat');
    await expect(chat).toContainText('Hello Khalid!');
    type Sent = { message: string; userRole: string; conversationHistory: unknown[] };
    const bodies: Sent[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/api/trpc/ai.supportChat')) bodies.push((r.postDataJSON() as Record<string, Sent>)['0']!);
    });
    const input = chat.getByTestId('chat-input');
    for (const [i, q] of ['How many riders do I have?', 'Show my cash position', 'What about orders today?'].entries()) {
      await input.fill(q);
      await input.press('Enter');
      await expect(chat.getByTestId('chat-ai')).toHaveCount(i + 2);
      await expect(chat.getByTestId('chat-typing')).toHaveCount(0);
    }
    expect(bodies).toHaveLength(3);
    expect(bodies[0]).toMatchObject({ message: 'How many riders do I have?', userRole: 'company', conversationHistory: [] });
    expect(bodies[2]!.conversationHistory).toHaveLength(4);
    expect(bodies[2]!.conversationHistory[0]).toEqual({ role: 'user', content: 'How many riders do I have?' });
    // The answers are real: none of them is the failure text.
    await expect(chat.getByTestId('chat-ai').last()).not.toContainText('I encountered an issue');
  });

  test('a reply that made a report carries a download button that saves the file', async ({ page, context }) => {
    await signIn(context, 'fast');
    await page.goto('/support');
    const chat = page.getByTestId('support-chat');
    await chat.getByTestId('chat-input').fill('Please download my manager report');
    await chat.getByTestId('chat-input').press('Enter');
    const button = chat.getByTestId('chat-download');
    await expect(button).toHaveCount(1);
    const [report] = await Promise.all([page.waitForEvent('download'), button.click()]);
    expect(report.suggestedFilename()).toMatch(/\.json$/);
    expect(JSON.stringify(JSON.parse(await readFile((await report.path())!, 'utf8')))).toContain('Fast Delivery');

    // An analysis the assistant ran comes as a data: URL and is saved without a fetch (the CSP allows none).
    await chat.getByTestId('chat-input').fill('Run the financial analysis for this month');
    await chat.getByTestId('chat-input').press('Enter');
    await expect(chat.getByTestId('chat-download')).toHaveCount(2);
    const [analysis] = await Promise.all([page.waitForEvent('download'), chat.getByTestId('chat-download').last().click()]);
    expect(analysis.suggestedFilename()).toMatch(/\.json$/);
    const saved = JSON.parse(await readFile((await analysis.path())!, 'utf8'));
    expect(JSON.stringify(saved)).toContain('financial');
  });

  test('a network failure becomes the assistant’s apology: “I encountered an issue”', async ({ page, context }) => {
    await signIn(context, 'rider');
    await page.route(/\/api\/trpc\/ai\.supportChat/, (route) => route.abort('connectionfailed'));
    await page.goto('/support');
    const chat = page.getByTestId('support-chat');
    await chat.getByTestId('chat-input').fill('Where is my cash report?');
    await chat.getByTestId('chat-send').click();
    await expect(chat.getByTestId('chat-ai').last()).toContainText('I encountered an issue');
  });
});

test.describe('Support Tickets', () => {
  test('a rider creates a ticket, comments on it, resolves and reopens it', async ({ page, context }) => {
    await signIn(context, 'rider');
    await page.goto('/support?tab=tickets');
    const subject = `Scanner freezes ${Date.now()}`;
    await page.getByRole('button', { name: 'New Ticket' }).click();
    const form = page.getByTestId('ticket-form');
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await expect(form.getByRole('alert')).toHaveText('Subject is required');
    await form.locator('[name=subject]').fill(subject);
    await form.locator('[name=body]').fill('The receipt scanner freezes after the third photo.');
    await form.locator('[name=priority]').selectOption('high');
    await form.getByRole('button', { name: 'Create Ticket' }).click();
    await expectToast(page, 'Ticket Created');

    const detail = page.getByTestId('ticket-detail');
    await expect(detail.getByRole('heading', { level: 2 })).toHaveText(subject);
    await expect(detail.getByTestId('ticket-status-open')).toHaveText('Open');
    await expect(detail.getByTestId('ticket-priority-high')).toHaveText('High');
    await expect(page).toHaveURL(/tab=tickets&ticket=/);

    await detail.locator('[name=comment]').fill('It happens on every shift.');
    await detail.getByRole('button', { name: 'Add Comment' }).click();
    await expect(detail.getByTestId('ticket-comment')).toHaveCount(1);
    await expect(detail.getByTestId('ticket-comment')).toContainText('Rashid Khan');
    await expect(detail.getByTestId('ticket-comment')).toContainText('It happens on every shift.');
    await expect(detail.locator('[name=comment]')).toHaveValue('');

    // The author may resolve and reopen, but has no status picker.
    await expect(detail.locator('select[name=status]')).toHaveCount(0);
    await detail.getByRole('button', { name: 'Mark Resolved' }).click();
    await expect(detail.getByTestId('ticket-status-resolved')).toBeVisible();
    await detail.getByRole('button', { name: 'Reopen' }).click();
    await expect(detail.getByTestId('ticket-status-open')).toBeVisible();

    await detail.getByRole('button', { name: 'Back to tickets' }).click();
    const row = page.getByTestId('ticket-row').filter({ hasText: subject });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('1 comment');
    // Only their own: not the managers' sample tickets.
    await expect(page.getByTestId('ticket-row').filter({ hasText: 'Cash hand-over not showing for a rider' })).toHaveCount(0);
  });

  test('an admin sees every ticket, replies and moves one to In Progress; a company manager sees only its own', async ({ browser }) => {
    const riderCtx = await browser.newContext({ serviceWorkers: 'block' });
    await signIn(riderCtx, 'riderUae');
    const subject = `Cash total wrong ${Date.now()}`;
    const created = await riderCtx.request.post('/api/trpc/contact.tickets.create', { data: { subject, body: 'Off by 5 AED', priority: 'urgent' } });
    expect(created.status()).toBe(200);
    await riderCtx.close();

    const adminCtx = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 1280, height: 800 } });
    await signIn(adminCtx, 'admin');
    const page = await adminCtx.newPage();
    await page.goto('/support?tab=tickets');
    await expect(page.getByText('You see every ticket in the system.')).toBeVisible();
    for (const sample of ['Cash hand-over not showing for a rider', 'Monthly report in AED for the Dubai fleet', subject]) {
      await expect(page.getByTestId('ticket-row').filter({ hasText: sample })).toHaveCount(1);
    }
    await page.getByTestId('ticket-row').filter({ hasText: subject }).click();
    const detail = page.getByTestId('ticket-detail');
    await expect(detail).toContainText('Opened by Bilal Ahmed');
    await expect(detail).toContainText('Emirates Express Delivery');
    await detail.locator('select[name=status]').selectOption('in-progress');
    await expect(detail.getByTestId('ticket-status-in-progress')).toHaveText('In Progress');
    await detail.locator('[name=comment]').fill('We are checking the cash submissions.');
    await detail.getByRole('button', { name: 'Add Comment' }).click();
    await expect(detail.getByTestId('ticket-comment')).toContainText('Administrator');
    await adminCtx.close();

    const companyCtx = await browser.newContext({ serviceWorkers: 'block' });
    await signIn(companyCtx, 'emirates');
    const co = await companyCtx.newPage();
    await co.goto('/support?tab=tickets');
    await expect(co.getByTestId('ticket-row').filter({ hasText: 'Monthly report in AED for the Dubai fleet' })).toHaveCount(1);
    await expect(co.getByTestId('ticket-row').filter({ hasText: subject })).toHaveCount(0);
    await expect(co.getByTestId('ticket-row').filter({ hasText: 'Cash hand-over not showing for a rider' })).toHaveCount(0);
    // Its sample ticket carries the admin's reply and the In Progress badge.
    await co.getByTestId('ticket-row').filter({ hasText: 'Monthly report in AED for the Dubai fleet' }).click();
    await expect(co.getByTestId('ticket-detail').getByTestId('ticket-status-in-progress')).toBeVisible();
    await expect(co.getByTestId('ticket-comment')).toHaveCount(1);
    await companyCtx.close();
  });
});

test.describe('Downloads', () => {
  test('the manager report downloads under the server’s file name', async ({ page, context }) => {
    await signIn(context, 'fast');
    await page.goto('/support?tab=downloads');
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('action-report').getByRole('button', { name: 'Download Report' }).click(),
    ]);
    expect(file.suggestedFilename()).toMatch(/fast-delivery.*\d{4}-\d{2}-\d{2}.*\.json$/);
    const report = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(JSON.stringify(report)).toContain('Fast Delivery');
    await expectToast(page, 'Report Downloaded', file.suggestedFilename());
  });

  test('a financial analysis opens in a panel and downloads as JSON', async ({ page, context }) => {
    await signIn(context, 'fast');
    await page.goto('/support?tab=downloads');
    await page.getByTestId('action-financial').getByRole('button', { name: 'Run Analysis' }).click();
    const view = page.getByTestId('analysis-view');
    await expect(view).toBeVisible();
    await expect(page.getByTestId('analysis-modal').getByRole('heading', { level: 2 })).toHaveText('Financial analysis');
    await expect(view.getByTestId('analysis-text')).toContainText('KWD');
    await expect(view.getByTestId('analysis-recommendations').getByRole('listitem').first()).toBeVisible();
    await expect(view.getByTestId('analysis-priority')).toHaveText(/^Priority: (High|Medium|Low)$/);
    await view.getByText('Figures').click();
    await expect(view.getByText('Cash outstanding')).toBeVisible();
    const [file] = await Promise.all([page.waitForEvent('download'), view.getByTestId('analysis-download').click()]);
    expect(file.suggestedFilename()).toMatch(/^fast-delivery-financial-analysis-\d{4}-\d{2}-\d{2}\.json$/);
    const saved = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(saved.analysis).toMatchObject({ type: 'financial', timeframe: 'monthly' });
    expect(saved.analysis.recommendations.length).toBeGreaterThan(0);
  });

  test('failures show the spec’s toasts: Analysis Error and Download Error', async ({ page, context }) => {
    await signIn(context, 'rider');
    await page.route(/\/api\/trpc\/ai\.analysis/, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
    await page.route(/\/api\/ai\/download-report\//, (route) => route.fulfill({ status: 500, body: 'boom' }));
    await page.goto('/support?tab=downloads');
    await page.getByTestId('action-hr').getByRole('button', { name: 'Run Analysis' }).click();
    await expectToast(page, 'Analysis Error');
    await page.getByTestId('action-report').getByRole('button', { name: 'Download Report' }).click();
    await expectToast(page, 'Download Error');
  });
});

test('screenshots: chat, tickets, ticket detail, downloads and an analysis at phone and desktop sizes', async ({ browser }) => {
  test.setTimeout(90_000);
  for (const [size, viewport] of [
    ['phone', { width: 390, height: 844 }],
    ['desktop', { width: 1280, height: 800 }],
  ] as const) {
    const ctx = await browser.newContext({ viewport, serviceWorkers: 'block' });
    await signIn(ctx, 'emirates');
    const page = await ctx.newPage();
    const shoot = async (name: string) => {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${name} at ${size} scrolls sideways`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `.tmp/shots/support-${name}-${size}.png` });
    };
    await page.goto('/support');
    await page.getByTestId('support-chat').getByTestId('chat-input').fill('How is my fleet doing this month?');
    await page.getByTestId('support-chat').getByTestId('chat-input').press('Enter');
    await expect(page.getByTestId('support-chat').getByTestId('chat-ai')).toHaveCount(2);
    await shoot('chat');
    await tabs(page).getByRole('tab', { name: 'Support Tickets' }).click();
    await expect(page.getByTestId('ticket-row').first()).toBeVisible();
    await shoot('tickets');
    await page.getByTestId('ticket-row').filter({ hasText: 'Monthly report in AED' }).click();
    await expect(page.getByTestId('ticket-comment')).toHaveCount(1);
    await shoot('ticket-detail');
    await tabs(page).getByRole('tab', { name: 'Downloads' }).click();
    await shoot('downloads');
    await page.getByTestId('action-performance').getByRole('button', { name: 'Run Analysis' }).click();
    await expect(page.getByTestId('analysis-view')).toBeVisible();
    await page.getByTestId('analysis-view').getByText('Figures').click();
    await shoot('analysis');
    await ctx.close();
  }
});
