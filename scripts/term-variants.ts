/**
 * One term per thing (issue 21 item 8). `bun scripts/term-variants.ts` lists, per concept, every wording
 * the English and Arabic catalogs use for it, so a second word for the same thing shows up; the rules
 * below hold the chosen term, and src/shared/i18n/terms.test.ts fails when a catalog strays from one.
 */
import { ar } from '../src/shared/i18n/ar';
import { en } from '../src/shared/i18n/en';

type Lang = 'en' | 'ar';
/** A concept, the wordings to look for, and those that are not ours (spec-quoted strings are listed in `except`). */
export type TermRule = { lang: Lang; concept: string; variants: RegExp; avoid?: RegExp; except?: string[] };

export const TERM_RULES: TermRule[] = [
  // The rider's one number: the driving license number (the spec's 'License number is required'); spelled as the spec spells it.
  { lang: 'en', concept: 'license number', variants: /\b(licen[cs]\w*|plates?)\b/gi, avoid: /\blicenc|\bplates?\b/i },
  { lang: 'en', concept: 'pickup (noun)', variants: /\bpick[- ]?ups?\b/gi, avoid: /\bpick-ups?\b/i },
  // The spec quotes 'Logout', 'Sign Out', 'Login Failed' and '…you may need to log in.': kept; our own words say "sign in".
  { lang: 'en', concept: 'sign in / sign out', variants: /\b(log ?in|log-in|sign ?in|sign-in|login|log ?out|logout|sign ?out|logged (in|out))\b/gi, avoid: /\blog[ -]in\b(?! a\b)/i, except: ['notFound.text'] },
  { lang: 'en', concept: 'hand-over', variants: /\bhand[- ]?overs?\b/gi },
  { lang: 'en', concept: 'rider', variants: /\b(drivers?|couriers?|riders?|delivery agents?)\b/gi, avoid: /\b(drivers?|couriers?|delivery agents?)\b/i },
  { lang: 'en', concept: 'spreadsheet', variants: /\b(google sheets?|spreadsheet|sheet)\b/gi },
  { lang: 'en', concept: 'odometer', variants: /\b(odometer|mileage)\b/gi, avoid: /\bmileage\b/i },
  { lang: 'ar', concept: 'رقم الرخصة', variants: /(رقم )?(الرخصة|رخصة|اللوحة)( القيادة)?/g, avoid: /رقم اللوحة/ },
  { lang: 'ar', concept: 'مدير النظام', variants: /(المسؤول|مدير النظام|المشرف)/g, avoid: /(?<!الشخص )المسؤول|المشرف/ },
  { lang: 'ar', concept: 'المناوبة', variants: /(المناوبة|مناوبة|الدوام|دوام|وردية)/g, avoid: /دوام|وردية/ },
  { lang: 'ar', concept: 'المندوب', variants: /(مندوب|سائق|عامل توصيل)/g, avoid: /سائق|عامل توصيل/ },
  { lang: 'ar', concept: 'عداد المسافات', variants: /(عداد المسافات|العداد|عدّاد)/g },
];

const catalogs: Record<Lang, Record<string, string>> = { en, ar };

/** Per rule: how often each wording occurs, and the keys that use a wording to avoid. */
export function termReport(rules = TERM_RULES) {
  return rules.map((rule) => {
    const counts = new Map<string, number>();
    const strays: string[] = [];
    for (const [key, text] of Object.entries(catalogs[rule.lang])) {
      for (const m of text.matchAll(rule.variants)) counts.set(m[0].toLowerCase(), (counts.get(m[0].toLowerCase()) ?? 0) + 1);
      if (rule.avoid?.test(text) && !rule.except?.includes(key)) strays.push(key);
    }
    return { rule, counts, strays };
  });
}

if (import.meta.main) {
  for (const { rule, counts, strays } of termReport()) {
    console.log(`${rule.lang} ${rule.concept.padEnd(20)} ${[...counts].map(([k, n]) => `${k}:${n}`).join('  ')}`);
    if (strays.length) console.log(`   not ours: ${strays.join(', ')}`);
  }
}
