import { describe, expect, test } from 'bun:test';
import { BUILT_INDEX } from '../../../test/fixtures/built-index';
import { canCarryFirstScreen, firstScreenPage } from './first-screen-page';

const state = [[[['auth', 'me'], { type: 'query' }], { id: 'u1' }]] as [readonly unknown[], unknown][];
const screen = '<link rel="preload" as="image" href="/favicon.svg"/><div class="flex min-h-dvh flex-col bg-base-200"><main data-testid="rider-app">Rider App</main></div>';

describe("a signed-in rider's /app page", () => {
  test("#app holds the server's screen, made inert; the loading screen is kept aside with the zone it assumed", () => {
    const page = firstScreenPage(BUILT_INDEX, { state, rendered: { html: screen, timeZone: 'Asia/Kuwait', locale: 'en' } });
    expect(page).toContain('<div id="app"><div inert class="flex min-h-dvh flex-col bg-base-200"><main data-testid="rider-app">Rider App</main></div></div>');
    expect(page).toContain('<template id="shell-loading" data-time-zone="Asia/Kuwait" data-lang="en"><div class="flex min-h-dvh flex-col items-center justify-center gap-4">');
    expect(page).not.toContain('<link rel="preload" as="image"');
    // Before boot.js, which decides which of the two shows.
    expect(page.indexOf('id="shell-loading"')).toBeLessThan(page.indexOf('/assets/boot-abc.js'));
    expect(page.indexOf('id="kwt-state"')).toBeLessThan(page.indexOf('/assets/boot-abc.js'));
    expect(page).toContain('<script type="application/json" id="kwt-state">[[[["auth","me"],{"type":"query"}],{"id":"u1"}]]</script>');
    // The session check's answer is in the page: no request for it.
    expect(page).not.toContain('/api/trpc/auth.me');
    // Everything else as built.
    expect(page).toContain('<template id="shell-home">');
    expect(page).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
  });

  test('without a rendering (the worker was not in time): the loading screen stays, the answers still come', () => {
    const page = firstScreenPage(BUILT_INDEX, { state, rendered: null });
    expect(page).toContain('<div id="app"><div class="flex min-h-dvh flex-col items-center justify-center gap-4">');
    expect(page).not.toContain('shell-loading');
    expect(page).toContain('id="kwt-state"');
  });

  test('a time zone cannot break out of its attribute', () => {
    const page = firstScreenPage(BUILT_INDEX, { state, rendered: { html: screen, timeZone: 'Asia/Kuwait"><script>', locale: 'en' } });
    expect(page).toContain('data-time-zone="Asia/Kuwaitscript"');
  });

  test('a page that is not a build with boot.js and the loading screen is left alone', () => {
    for (const html of ['<!doctype html><title>KWT Delivery</title>', BUILT_INDEX.replace('<script src="/assets/boot-abc.js"></script>', '')]) {
      expect(canCarryFirstScreen(html)).toBe(false);
      expect(firstScreenPage(html, { state, rendered: { html: screen, timeZone: 'Asia/Kuwait', locale: 'en' } })).toBe(html);
    }
    expect(canCarryFirstScreen(BUILT_INDEX)).toBe(true);
  });
});
