import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { expectToast, signIn } from './fixtures';

/** API tokens for the MCP server: created on the Support page (shown once), used on /mcp, revoked. */
test.use({ serviceWorkers: 'block', viewport: { width: 390, height: 844 } });

const listTools = (request: APIRequestContext, token: string) =>
  request.post('/mcp', {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json, text/event-stream' },
    data: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  });

const card = (page: Page) => page.getByTestId('api-tokens-card');

test('a company manager creates a token (shown once, copied), uses it on /mcp, then revokes it', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(context, 'fast');
  await page.goto('/support?tab=downloads');
  await expect(card(page)).toBeVisible();
  await expect(card(page).getByTestId('api-token-endpoint')).toHaveText(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  await expect(card(page)).toContainText('No tokens yet. Create one to connect an AI client.');

  await card(page).getByTestId('api-token-new').click();
  const dialog = page.getByTestId('api-token-dialog');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Name is required');
  await dialog.getByLabel('Token name').fill('Claude Desktop');
  await dialog.getByRole('button', { name: 'Save' }).click();

  const once = dialog.getByTestId('api-token-once');
  await expect(once).toContainText('Copy your token now');
  await expect(once).toContainText('This is the only time it is shown.');
  const token = (await once.getByTestId('api-token-value').textContent())!.trim();
  expect(token).toMatch(/^kwt_[A-Za-z0-9_-]{43}$/);
  await once.getByTestId('api-token-copy').click();
  await expect(once.getByTestId('api-token-copy')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  await once.getByRole('button', { name: 'I have copied it' }).click();
  await expect(dialog).toBeHidden();

  const row = card(page).getByTestId('api-token-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Claude Desktop');
  await expect(row).toContainText(`${token.slice(0, 12)}…`);
  await expect(row).toContainText('never used');
  await expect(row).toContainText('Active');
  // The list never shows the token again.
  await page.reload();
  await expect(card(page).getByTestId('api-token-row')).toHaveCount(1);
  expect(await page.content()).not.toContain(token);

  // The token works on /mcp with the manager's scope: the company tools, none of another company's data.
  const ok = await listTools(request, token);
  expect(ok.status()).toBe(200);
  const names = ((await ok.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
  expect(names).toContain('list_riders');
  expect(names).toContain('analysis_financial');
  await page.reload();
  await expect(card(page).getByTestId('api-token-row')).toContainText('last used');

  page.once('dialog', (d) => {
    expect(d.message()).toBe('Revoke "Claude Desktop"? AI clients using it stop working at once.');
    void d.accept();
  });
  await card(page).getByRole('button', { name: 'Revoke' }).click();
  await expectToast(page, 'Token revoked');
  await expect(card(page).getByTestId('api-token-row')).toHaveAttribute('data-revoked', 'true');
  await expect(card(page).getByTestId('api-token-row')).toContainText('Revoked');
  await expect(card(page).getByRole('button', { name: 'Revoke' })).toHaveCount(0);
  expect((await listTools(request, token)).status()).toBe(401);
});

test('a rider may hold a token too, and it has no directory tools', async ({ page, context, request }) => {
  await signIn(context, 'rider');
  await page.goto('/support?tab=downloads');
  await card(page).getByTestId('api-token-new').click();
  const dialog = page.getByTestId('api-token-dialog');
  await dialog.getByLabel('Token name').fill('My phone');
  await dialog.getByLabel('Token name').press('Enter');
  const token = (await dialog.getByTestId('api-token-value').textContent())!.trim();
  const res = await listTools(request, token);
  const names = ((await res.json()) as { result: { tools: { name: string }[] } }).result.tools.map((t) => t.name);
  expect(names).toContain('cash_reconciliation');
  expect(names).not.toContain('list_riders');
  expect(names).not.toContain('list_companies');
});
