import { expect, test } from '@playwright/test';
import { freshCompany, freshRider, giveCash, signIn, trpcPost } from './fixtures';

/**
 * Issue 21 item 6 on the Support page: "How much cash do my riders hold?" is answered with the figure
 * first, in the user's language, and the riders' rows as a table under the sentence; at phone and
 * desktop sizes nothing scrolls the page sideways (the table scrolls inside its bubble).
 */
const QUESTION = { en: 'How much cash do my riders hold?', ar: 'كم النقد الذي بحوزة مندوبيّ؟' } as const;

for (const lang of ['en', 'ar'] as const) {
  test(`the cash question is answered figure first with the table below (${lang})`, async ({ browser }) => {
    test.setTimeout(45_000);
    const company = await freshCompany('kuwait');
    const rider = await freshRider(company);
    await giveCash(company, rider, [5, 2.5]);
    for (const [size, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 800 }],
    ] as const) {
      const ctx = await browser.newContext({ viewport, serviceWorkers: 'block' });
      await ctx.addInitScript((l) => localStorage.setItem('kwt.locale', l), lang);
      await signIn(ctx, { email: company.manager.email });
      // The account's language wins over the browser's; the account is this test's own.
      await trpcPost(ctx.request, 'auth.setLocale', { locale: lang });
      const page = await ctx.newPage();
      await page.goto('/support');
      await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
      const chat = page.getByTestId('support-chat');
      await chat.getByTestId('chat-input').fill(QUESTION[lang]);
      await chat.getByTestId('chat-input').press('Enter');
      const answer = chat.getByTestId('chat-ai').last();
      await expect(answer).toContainText(lang === 'en' ? 'Your riders hold KWD 7.500 in cash; KWD 0.000 more is in transit (handed over, awaiting your count).' : 'بحوزة مندوبيك');
      if (lang === 'ar') await expect(answer).toContainText(/بحوزة مندوبيك\s*\u200f?7\.500\s*د\.ك\.\u200f?\s*نقدًا في العهدة/);
      const table = answer.getByTestId('chat-table');
      await expect(table.getByRole('columnheader')).toHaveText(lang === 'en' ? ['Rider', 'On hand', 'Pending', 'Outstanding'] : ['المندوب', 'في العهدة', 'قيد الانتظار', 'المستحق']);
      await expect(table.getByRole('row').nth(1).getByRole('cell').first()).toHaveText(rider.name);
      await expect(table.getByRole('row').nth(1).getByRole('cell').nth(1)).toContainText('7.500');
      // The sentence comes before the table, inside the same bubble.
      const [sentenceBox, tableBox] = [await answer.boundingBox(), await table.boundingBox()];
      expect(tableBox!.y).toBeGreaterThan(sentenceBox!.y + 10);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `the page scrolls sideways at ${size}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: `.tmp/shots-assistant/support-cash-${lang}-${size}.png` });
      await ctx.close();
    }
  });
}
