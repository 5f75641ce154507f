/**
 * A rider's day offline through the app's own screens, so what waits in the outbox is what the app writes: duty
 * started (odometer typed), then for each of `photos` orders: picked up, delivered with the recipient's name and a
 * proof photo chosen in the delivery dialog (the app scales it and keeps it as a JPEG data URL in IndexedDB).
 */
import type { Page } from '@playwright/test';

async function visible(page: Page, testId: string, text?: string) {
  const el = page.getByTestId(testId);
  await el.first().waitFor({ timeout: 15_000 });
  if (text === undefined) return;
  const deadline = Date.now() + 15_000;
  while ((await el.first().innerText()).trim() !== text) {
    if (Date.now() > deadline) throw new Error(`${testId} never said ${text}`);
    await page.waitForTimeout(100);
  }
}

export async function workOffline(page: Page, photoFile: string, photos: number): Promise<void> {
  // The install offer may cover the orders: put it off whenever it shows.
  await page.addLocatorHandler(page.getByRole('button', { name: 'Later' }), (b) => b.click());
  await page.context().setOffline(true);
  await page.waitForFunction(() => !navigator.onLine);
  await page.getByTestId('duty-start').click();
  await page.getByTestId('odometer-input').fill('84512');
  await page.getByTestId('odometer-submit').click();
  await visible(page, 'duty-status', 'On duty');
  for (let i = 0; i < photos; i++) {
    const id = await page.getByTestId('my-order').first().getAttribute('data-order-id');
    const card = page.locator(`[data-testid="my-order"][data-order-id="${id}"]`);
    await card.getByTestId('order-picked-up').click();
    await card.getByTestId('order-delivered').waitFor();
    await card.getByTestId('order-delivered').click();
    const dialog = page.getByTestId('deliver-dialog');
    await dialog.getByTestId('recipient-name').fill(`Recipient ${i + 1}`);
    await dialog.getByTestId('proof-photo').setInputFiles(photoFile);
    await dialog.getByTestId('proof-preview').waitFor({ timeout: 30_000 });
    await dialog.getByTestId('deliver-submit').click();
    await card.waitFor({ state: 'detached', timeout: 15_000 });
  }
}
