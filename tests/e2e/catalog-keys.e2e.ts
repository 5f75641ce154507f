import { expect, test, type Page } from '@playwright/test';
import { en } from '../../src/shared/i18n/en';
import { signIn, type AccountKey } from './fixtures';

/**
 * The browser holds only the catalog messages its loaded screens name (issue 10: scripts/vite-messages.ts splits
 * the English catalog by the keys each module names). A key that reached a screen without its message would show
 * as the key itself ('documents.saved'): every screen and tab, in every portal, shows none.
 */
test.use({ serviceWorkers: 'block' });

const KEYS = new Set(Object.keys(en));

async function rawKeys(page: Page): Promise<string[]> {
  const texts = await page.evaluate(() => {
    const out = [document.body.innerText];
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) out.push(el.getAttribute(name) ?? '');
    }
    return out;
  });
  return [...new Set(texts.flatMap((t) => t.split(/[\s,;:()«»"“”]+/)).filter((w) => KEYS.has(w.replace(/[.…]+$/, '')) || KEYS.has(w)))];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.loading-lg')).toHaveCount(0);
}

const SCREENS: { who?: AccountKey; paths: string[]; tabs?: { testId: string } }[] = [
  { paths: ['/', '/login', '/company-login', '/contact', '/no-such-page', '/track/000000000000000000000000'] },
  { who: 'admin', paths: ['/', '/admin', '/rider', '/support?tab=chat', '/support?tab=tickets', '/support?tab=downloads'], tabs: { testId: 'oversight-tabs' } },
  { who: 'fast', paths: ['/company?tab=overview', '/company?tab=fleet', '/company?tab=orders', '/company?tab=cash', '/company?tab=compliance'] },
  { who: 'rider', paths: ['/rider', '/app', '/support?tab=downloads'] },
];

for (const screen of SCREENS) {
  test(`no catalog key shows as text: ${screen.who ?? 'signed out'}`, async ({ page, context }) => {
    test.setTimeout(90_000);
    if (screen.who) await signIn(context, screen.who);
    for (const path of screen.paths) {
      await page.goto(path);
      await settle(page);
      expect(await rawKeys(page), path).toEqual([]);
      const tabs = screen.tabs ? page.getByTestId(screen.tabs.testId).getByRole('tab') : null;
      if (tabs && (await tabs.count())) {
        for (let i = 0; i < (await tabs.count()); i++) {
          await tabs.nth(i).click();
          await settle(page);
          expect(await rawKeys(page), `${path} tab ${i}`).toEqual([]);
        }
      }
    }
  });
}
