import { expect, test } from 'bun:test';
import { admin } from './en/admin';
import { auth } from './en/auth';
import { company } from './en/company';
import { en } from './en';
import { publicPages } from './en/public';
import { rider } from './en/rider';
import { shell } from './en/shell';
import { analysis } from './en/analysis';
import { assistant } from './en/assistant';
import { mcpTokens } from './en/mcp';
import { support } from './en/support';
import { gulf } from './en/gulf';
import { handover } from './en/handover';
import { reconcile } from './en/reconcile';
import { documents } from './en/documents';
import { rules } from './en/rules';
import { notices } from './en/notices';
import { errors } from './en/errors';
import { account } from './en/account';
import { conflicts } from './en/conflicts';
import { answers } from './en/answers';
import { managers } from './en/managers';
import { proof } from './en/proof';
import { shopApi } from './en/shop-api';
import { dispatchScreens } from './en/dispatchScreens';

test('no key is defined in two catalog files (a spread would silently keep only one)', () => {
  const parts = [shell, publicPages, auth, admin, rider, company, assistant, support, analysis, mcpTokens, gulf, errors, handover, reconcile, documents, rules, notices, account, conflicts, answers, managers, proof, shopApi, dispatchScreens];
  const total = parts.reduce<number>((n, p) => n + Object.keys(p).length, 0);
  expect(total).toBe(Object.keys(en).length);
});

test('every message is a non-empty string', () => {
  for (const [key, value] of Object.entries(en)) expect([key, typeof value === 'string' && value.length > 0]).toEqual([key, true]);
});

import { ar } from './ar';
import { arPlurals } from './ar/plurals';
import { localeFromAcceptLanguage, parseLocale, plural, resolveLocale, setLocaleSource, t as tr, tn, translate } from '.';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('every English key has Arabic text with the same {placeholders} (fails until the Arabic catalog is complete)', () => {
  const arabic = ar as Partial<Record<string, string>>;
  const missing = Object.keys(en).filter((k) => !arabic[k]?.trim());
  const mismatched = Object.entries(en)
    .filter(([k]) => arabic[k])
    .filter(([k, v]) => placeholders(v).join() !== placeholders(arabic[k]!).join())
    .map(([k]) => k);
  const extra = Object.keys(arabic).filter((k) => !(k in en));
  expect({ missing: missing.length, mismatched, extra, firstMissing: missing.slice(0, 10) }).toEqual({ missing: 0, mismatched: [], extra: [], firstMissing: [] });
});

test('translate falls back to English for a key Arabic lacks, and fills placeholders', () => {
  expect(translate('en', 'login.success.text', { firstName: 'Ali' })).toBe('Welcome back, Ali!');
  const arText = (ar as Partial<Record<string, string>>)['login.success.text'];
  expect(translate('ar', 'login.success.text', { firstName: 'Ali' })).toBe((arText || en['login.success.text']).replace('{firstName}', 'Ali'));
  expect(translate('ar', 'no.such.key' as never)).toBe('no.such.key');
});

test('locale resolution: account, then explicit choice, then Accept-Language, then English', () => {
  expect(parseLocale('ar-KW')).toBe('ar');
  expect(parseLocale('EN_gb')).toBe('en');
  expect(parseLocale('fr')).toBeNull();
  expect(localeFromAcceptLanguage('fr-FR,ar;q=0.8,en;q=0.5')).toBe('ar');
  expect(localeFromAcceptLanguage('en-US,en;q=0.9,ar;q=0.8')).toBe('en');
  expect(localeFromAcceptLanguage('ar;q=0,en;q=0.1')).toBe('en');
  expect(localeFromAcceptLanguage('de, fr')).toBeNull();
  expect(resolveLocale({ user: 'ar', chosen: 'en', browser: 'en' })).toBe('ar');
  expect(resolveLocale({ user: null, chosen: 'ar', browser: 'en' })).toBe('ar');
  expect(resolveLocale({ chosen: 'xx', browser: 'ar-AE,en;q=0.5' })).toBe('ar');
  expect(resolveLocale({})).toBe('en');
});

test('t() follows the locale source', () => {
  try {
    setLocaleSource(() => 'ar');
    expect(tr('nav.home')).toBe(translate('ar', 'nav.home'));
    expect(tr('login.success.text', { firstName: 'Sara' })).toBe(translate('ar', 'login.success.text', { firstName: 'Sara' }));
  } finally {
    setLocaleSource(() => 'en');
  }
  expect(tr('nav.home')).toBe('Home');
});

test('plural: Intl.PluralRules categories, Arabic two/few/many forms, else .one / .other', () => {
  expect([0, 1, 2, 5, 11, 100].map((n) => plural('en', 'analysis.unit.rider', n))).toEqual(['0 riders', '1 rider', '2 riders', '5 riders', '11 riders', '100 riders']);
  expect(plural('en', 'tickets.comments', 1)).toBe('1 comment');
  expect(plural('en', 'tickets.comments', 3)).toBe('3 comments');
  expect(plural('ar', 'analysis.unit.rider', 1)).toBe(translate('ar', 'analysis.unit.rider.one', { n: 1 }));
  expect(plural('ar', 'analysis.unit.rider', 2)).toBe('مندوبان');
  expect(plural('ar', 'analysis.unit.rider', 3)).toBe('3 مندوبين');
  expect(plural('ar', 'analysis.unit.day', 11)).toBe('11 يومًا');
  expect(plural('ar', 'analysis.unit.order', 102)).toBe(translate('ar', 'analysis.unit.order.other', { n: 102 }));
  expect(plural('ar', 'tickets.comments', 0)).toBe(translate('ar', 'tickets.comments.other', { n: 0 }));
  try {
    setLocaleSource(() => 'ar');
    expect(tn('analysis.unit.week', 4)).toBe('4 أسابيع');
  } finally {
    setLocaleSource(() => 'en');
  }
  expect(tn('analysis.unit.week', 4)).toBe('4 weeks');
});

test('Arabic plural forms: every count key has two, few and many, each few/many with {n} and no other placeholder', () => {
  const bases = Object.keys(en).filter((k) => k.endsWith('.one') && `${k.slice(0, -4)}.other` in en).map((k) => k.slice(0, -4));
  const forms = arPlurals as Record<string, string>;
  for (const key of Object.keys(forms)) expect([key, bases.includes(key.replace(/\.(zero|two|few|many)$/, ''))]).toEqual([key, true]);
  for (const base of bases) {
    for (const c of ['two', 'few', 'many']) expect([`${base}.${c}`, Boolean(forms[`${base}.${c}`]?.trim())]).toEqual([`${base}.${c}`, true]);
    for (const c of ['few', 'many']) expect(placeholders(forms[`${base}.${c}`]!)).toEqual(['n']);
  }
});
