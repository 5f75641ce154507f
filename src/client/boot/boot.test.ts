import { describe, expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { resolveLocale } from '../../shared/i18n';
import { LOCALE_STORAGE_KEY } from '../i18n';
import { SIGNED_IN_HINT_KEY } from '../session';
import { THEME_STORAGE_KEY } from '../shell/theme';
import { FIRST_SCREEN_KEPT_ATTR, FIRST_SCREEN_LOADING_ID } from '../../shared/rider-first-screen';
import { REGION_STORAGE_KEY } from '../../../routes/-components/app/region';

const SOURCE = readFileSync(new URL('./boot.js', import.meta.url), 'utf8');

interface Page {
  path?: string;
  search?: string;
  stored?: Record<string, string>;
  languages?: string[];
  dark?: boolean;
  /** A signed-in rider's /app from the server: #app holds its rendering, made for this time zone. */
  renderedFor?: string;
  /** …and in this language. */
  renderedIn?: 'en' | 'ar';
  /** The browser's time zone. */
  timeZone?: string;
}

/** Runs boot.js against a small stand-in of the page index.html makes: what it set, and what #app holds after. */
function boot({ path = '/', search = '', stored = {}, languages = ['en-US'], dark = false, renderedFor, renderedIn = 'en', timeZone = 'Asia/Kuwait' }: Page) {
  const html: Record<string, string> = {};
  const root = { lang: '', dir: '', setAttribute: (k: string, v: string) => (html[k] = v) };
  const label = { textContent: '', getAttribute: (k: string) => ({ 'data-en': 'Loading KWT Delivery...', 'data-ar': 'جارٍ تحميل' })[k] ?? null };
  const app = { shown: renderedFor ? 'server' : 'spinner', kept: false, replaceChildren: (node: { id: string }) => (app.shown = node.id), setAttribute: (k: string) => (app.kept = k === FIRST_SCREEN_KEPT_ATTR) };
  const loading = renderedFor ? { content: { cloneNode: () => ({ id: 'spinner' }) }, getAttribute: (k: string) => (k === 'data-time-zone' ? renderedFor : k === 'data-lang' ? renderedIn : null) } : null;
  const template = (id: string) => ({ content: { cloneNode: () => ({ id }) } });
  const preloads: string[] = [];
  const meta = (p: string, content: string) => ({ getAttribute: (k: string) => (k === 'data-path' ? p : content) });
  const document = {
    documentElement: root,
    head: { appendChild: (l: { rel: string; href: string }) => preloads.push(`${l.rel} ${l.href}`) },
    createElement: () => ({ rel: '', href: '' }),
    getElementById: (id: string) => (id === 'app' ? app : id === 'shell-loading' ? loading : id.startsWith('shell-') ? template(id) : null),
    querySelector: () => label,
    querySelectorAll: () => [meta('/app', '/assets/app.js /assets/guard.js'), meta('/', '/assets/home.js')],
  };
  const keys = Object.keys(stored);
  const localStorage = { getItem: (k: string) => stored[k] ?? null, key: (i: number) => keys[i] ?? null, length: keys.length };
  const Intl = { DateTimeFormat: () => ({ resolvedOptions: () => ({ timeZone }) }) };
  const registered: string[] = [];
  const onLoad: (() => void)[] = [];
  const navigator = { languages, language: languages[0], serviceWorker: { register: (url: string, o: { scope: string }) => registered.push(`${url} ${o.scope}`) } };
  const window = { matchMedia: () => ({ matches: dark }), addEventListener: (type: string, f: () => void) => type === 'load' && onLoad.push(f) };
  new Function('document', 'localStorage', 'navigator', 'window', 'location', 'Intl', SOURCE)(document, localStorage, navigator, window, { pathname: path, search }, Intl);
  const load = () => (onLoad.forEach((f) => f()), registered);
  return { lang: root.lang, dir: root.dir, theme: html['data-theme'], shown: app.shown, kept: app.kept, label: label.textContent, preloads, registered, load };
}

describe('boot.js', () => {
  test('reads the keys the app stores', () => {
    for (const key of [LOCALE_STORAGE_KEY, THEME_STORAGE_KEY, SIGNED_IN_HINT_KEY, REGION_STORAGE_KEY, FIRST_SCREEN_LOADING_ID, FIRST_SCREEN_KEPT_ATTR]) expect(SOURCE).toContain(`'${key}'`);
    // Every key the rider app keeps (its `local(...)` stores) starts with the prefix boot.js looks for.
    const dir = new URL('../../../routes/-components/app/', import.meta.url);
    // (Its folders too: the order map keeps its tile settings, map/useMapConfig.ts.)
    const files = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => /\.tsx?$/.test(f));
    const keys = files.flatMap((f) => [...readFileSync(new URL(f, dir), 'utf8').matchAll(/\blocal<[^>]*>\(\s*[`'"]([^`'"]*)[`'"]/g)].map((m) => m[1]!));
    // (The ledger, the seen orders and the map's tile settings; the answers themselves are in the persisted query cache.)
    expect(keys.length).toBeGreaterThanOrEqual(3);
    for (const key of keys) expect(key.startsWith('rider-app:')).toBe(true);
    expect(SOURCE).toContain("'rider-app:'");
  });

  test('starts in the language the app will (src/client/i18n.ts initialLocale)', () => {
    const cases: { chosen?: string; languages: string[] }[] = [
      { languages: ['en-US'] },
      { languages: ['ar-KW', 'en'] },
      { languages: ['fr-FR', 'ar'] },
      { languages: ['fr-FR'] },
      { chosen: 'ar', languages: ['en-US'] },
      { chosen: 'en', languages: ['ar-KW'] },
      { chosen: 'de', languages: ['ar-AE'] },
    ];
    for (const c of cases) {
      const want = resolveLocale({ chosen: c.chosen ?? null, browser: c.languages.join(',') });
      const got = boot({ languages: c.languages, stored: c.chosen ? { [LOCALE_STORAGE_KEY]: c.chosen } : {} });
      expect({ ...c, lang: got.lang, dir: got.dir }).toEqual({ ...c, lang: want, dir: want === 'ar' ? 'rtl' : 'ltr' });
    }
  });

  test('the theme: stored, else the system preference', () => {
    expect(boot({}).theme).toBe('kwt');
    expect(boot({ dark: true }).theme).toBe('kwtdark');
    expect(boot({ dark: true, stored: { [THEME_STORAGE_KEY]: 'kwt' } }).theme).toBe('kwt');
    expect(boot({ stored: { [THEME_STORAGE_KEY]: 'kwtdark' } }).theme).toBe('kwtdark');
  });

  test('shows the pre-rendered page only to a signed-out English visitor on the light theme', () => {
    expect(boot({ path: '/' }).shown).toBe('shell-home');
    expect(boot({ path: '/login', search: '?redirect=/rider' }).shown).toBe('shell-login');
    expect(boot({ path: '/login', search: '?error=oauth' }).shown).toBe('spinner');
    expect(boot({ path: '/', stored: { [SIGNED_IN_HINT_KEY]: '1' } }).shown).toBe('spinner');
    expect(boot({ path: '/', languages: ['ar'] }).shown).toBe('spinner');
    expect(boot({ path: '/', dark: true }).shown).toBe('spinner');
    expect(boot({ path: '/app' }).shown).toBe('spinner');
  });

  test('the loading text in the page language, and the route code preloaded', () => {
    expect(boot({ path: '/app' }).label).toBe('Loading KWT Delivery...');
    expect(boot({ path: '/app', languages: ['ar'] }).label).toBe('جارٍ تحميل');
    expect(boot({ path: '/app' }).preloads).toEqual(['modulepreload /assets/app.js', 'modulepreload /assets/guard.js']);
    expect(boot({ path: '/login' }).preloads).toEqual([]);
  });

  test("a rider's /app rendered by the server stays only where the app's own first render is the same", () => {
    const rider = { path: '/app', renderedFor: 'Asia/Kuwait' };
    expect(boot(rider).shown).toBe('server');
    // …and says so on #app, which is what lets the app hydrate it (src/client/first-screen.ts serverRendered).
    expect(boot(rider).kept).toBe(true);
    expect(boot({ ...rider, timeZone: 'Asia/Dubai' }).kept).toBe(false);
    expect(boot({ ...rider, stored: { 'kwt-onboarding:rider:u1': '{}', 'kwt.signedIn': '1' } }).shown).toBe('server');
    // The loading screen back (React then renders the app itself) for anything the server could not know:
    expect(boot({ ...rider, timeZone: 'Asia/Dubai' }).shown).toBe('spinner');
    expect(boot({ ...rider, languages: ['ar-KW'] }).shown).toBe('spinner');
    expect(boot({ ...rider, stored: { 'kwt.locale': 'ar' } }).shown).toBe('spinner');
    expect(boot({ ...rider, dark: true }).shown).toBe('spinner');
    expect(boot({ ...rider, stored: { 'kwt-theme': 'kwtdark' } }).shown).toBe('spinner');
    expect(boot({ ...rider, stored: { 'rider-region': '{"id":"uae"}' } }).shown).toBe('spinner');
    expect(boot({ ...rider, stored: { 'rider-app:u1:cache:orders': '{}' } }).shown).toBe('spinner');
    expect(boot({ ...rider, stored: { 'rider-app:u1:ledger': '{}' } }).shown).toBe('spinner');
    // Rendered in Arabic for a phone whose app starts in Arabic (its stored choice or its language), and only then.
    expect(boot({ ...rider, renderedIn: 'ar', languages: ['ar-KW'] }).shown).toBe('server');
    expect(boot({ ...rider, renderedIn: 'ar', stored: { 'kwt.locale': 'ar' } }).shown).toBe('server');
    expect(boot({ ...rider, renderedIn: 'ar' }).shown).toBe('spinner');
    // The loading label is then written as on any other page.
    expect(boot({ ...rider, timeZone: 'UTC' }).label).toBe('Loading KWT Delivery...');
  });

  test('registers the service worker once the page has loaded', () => {
    const page = boot({ path: '/app' });
    expect(page.registered).toEqual([]);
    expect(page.load()).toEqual(['/service-worker.js /']);
  });
});
