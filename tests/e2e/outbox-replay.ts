import { expect, type BrowserContext, type Page } from '@playwright/test';

/**
 * Back online, until the rider app's outbox says "All synced". The `online` event replays; a first try made before
 * the network is fully back waits for the next one: the rider's Sync now (the pending count) starts it at once.
 */
export async function replayOutbox(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const pending = page.getByTestId('outbox-pending');
        if (await pending.isVisible()) await pending.click({ timeout: 1_000 }).catch(() => undefined);
        return page.getByTestId('outbox-synced').isVisible();
      },
      { timeout: 15_000, intervals: [500, 1000] },
    )
    .toBe(true);
}
