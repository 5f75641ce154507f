import { describe, expect, test } from 'bun:test';
import { ar } from '../shared/i18n/ar';
import { getLocale, loadArabic, setLocale } from './i18n';
import { ar as arRegistry, arPlurals as arPluralsRegistry } from './messages/catalog-ar';
import { en as enRegistry } from './messages/catalog-en';
import { en } from '../shared/i18n/en';

describe('the Arabic catalog loads on demand (issue 10: not in the English first download)', () => {
  test('choosing Arabic loads its catalog (and the whole English one) before the page turns', async () => {
    expect(getLocale()).toBe('en');
    await setLocale('ar');
    expect(getLocale()).toBe('ar');
    expect(Object.keys(arRegistry).length).toBe(Object.keys(ar).length);
    expect(Object.keys(arPluralsRegistry).length).toBeGreaterThan(0);
    expect(Object.keys(enRegistry).length).toBe(Object.keys(en).length);
    await setLocale('en');
    expect(getLocale()).toBe('en');
  });

  test('a later choice wins over a switch still loading', async () => {
    const toArabic = setLocale('ar');
    const backToEnglish = setLocale('en');
    await Promise.all([toArabic, backToEnglish]);
    expect(getLocale()).toBe('en');
  });

  test('the catalog is fetched once', async () => {
    expect(loadArabic()).toBe(loadArabic());
    await loadArabic();
  });
});
