import { describe, expect, test } from 'bun:test';
import { en } from '../src/shared/i18n/en';
import { readFileSync } from 'node:fs';
import { keyLiteralsIn, keysNamedBy, RUNTIME_KEYS } from './vite-messages';

describe('the build splits the English catalog by the keys each module names', () => {
  test('a literal names its key, a count base its plural forms, a template head every key under it', () => {
    expect(keysNamedBy('nav.home')).toEqual(['nav.home']);
    expect(keysNamedBy('analysis.unit.rider').sort()).toEqual(Object.keys(en).filter((k) => k.startsWith('analysis.unit.rider.')).sort());
    const tabs = keysNamedBy('company.tab.');
    expect(tabs.length).toBeGreaterThan(3);
    expect(tabs.every((k) => k.startsWith('company.tab.'))).toBe(true);
    expect(keysNamedBy('not.a.key')).toEqual([]);
    expect(keysNamedBy('kwt.locale')).toEqual([]);
    expect(keysNamedBy('Hello there')).toEqual([]);
  });

  test('keys are found in quoted strings and template literals of compiled code, nothing else', () => {
    const code = `const a = t("nav.home"); const b = t('login.submit'); const c = t(\`company.tab.\${k}\`); const d = "rider@example.com"; const e = 'btn btn-primary';`;
    expect(keyLiteralsIn(code).sort()).toEqual(['company.tab.', 'login.submit', 'nav.home']);
    // Quotes inside texts and templates do not hide what follows (a pattern-matching scanner lost 'ocr.reading.').
    const tricky = `const x = "Don't"; const y = t(\`ocr.reading.\${type}\`); const z = \`it's "\${a}"\`; t('documents.saved');`;
    expect(keyLiteralsIn(tricky).sort()).toEqual(['documents.saved', 'ocr.reading.']);
  });

  test('every key of the catalog can be named (no key hides behind characters the scanner does not read)', () => {
    const unreadable = Object.keys(en).filter((k) => !keysNamedBy(k).includes(k));
    expect(unreadable).toEqual([]);
  });

  test('the i18n runtime names only the word families (Arabic) and the keys it lists as its own', () => {
    const runtime = readFileSync(new URL('../src/shared/i18n/index.ts', import.meta.url), 'utf8');
    const families = ['orderStatus.', 'cashReview.status.', 'errors.captureKind.', 'errors.webhookReason.', 'errors.privilege.', 'permission.'];
    // A key the runtime uses in English goes into RUNTIME_KEYS (scripts/vite-messages.ts), or the browser lacks it.
    const own = keyLiteralsIn(runtime, en, 'index.ts').filter((l) => !families.includes(l) && !RUNTIME_KEYS.some((k) => l.startsWith(k)));
    expect(own).toEqual([]);
  });
});
