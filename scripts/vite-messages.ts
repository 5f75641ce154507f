/**
 * The message catalog in the browser, split (issue 10, front-end budgets). The server and the tests import
 * src/shared/i18n with both catalogs whole; in a Vite build:
 *
 * - src/shared/i18n/index.ts gets an empty English registry (src/client/messages/catalog-en.ts) and an empty
 *   Arabic one (catalog-ar.ts) instead of ./en, ./ar and ./ar/plurals;
 * - every browser module that names catalog keys (a string literal such as 'nav.home', or the head of a template
 *   literal such as `company.tab.${k}`) imports a small generated module per literal that registers exactly the
 *   English messages it names, so each message travels in the chunk of the first screen that needs it and is
 *   registered before that screen's code runs (the dev server registers the whole catalog instead);
 * - Arabic (all parts) and the rest of English load only when Arabic is chosen (src/client/i18n.ts).
 */
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseSync, Visitor, type Plugin } from 'vite';
import { en } from '../src/shared/i18n/en/index.ts';

/** Every English message (what the server holds). */
export const EN: Record<string, string> = en;

const KEY_LIKE = /^[a-zA-Z][\w-]*(?:\.[\w-]*)+$/;

/** The keys a literal names: itself when it is a key, and every key under it ('x.unit' → 'x.unit.one', 'x.tab.' → 'x.tab.*'). */
const named = new Map<string, string[]>();
export function keysNamedBy(literal: string, catalog: Record<string, string> = EN): string[] {
  if (!KEY_LIKE.test(literal)) return [];
  const cached = catalog === EN ? named.get(literal) : undefined;
  if (cached) return cached;
  const prefix = literal.endsWith('.') ? literal : `${literal}.`;
  const keys = Object.keys(catalog).filter((k) => k === literal || k.startsWith(prefix));
  if (catalog === EN) named.set(literal, keys);
  return keys;
}

/**
 * The literals of a module's (compiled JavaScript) source that name catalog keys: string literals, and the text
 * of a template literal before its first ${…}. Parsed, not pattern-matched, so an apostrophe in a text or a
 * quote inside a template cannot hide a key.
 */
export function keyLiteralsIn(code: string, catalog: Record<string, string> = EN, filename = 'module.jsx'): string[] {
  const found = new Set<string>();
  const consider = (text: string | null | undefined) => {
    if (text && !found.has(text) && keysNamedBy(text, catalog).length) found.add(text);
  };
  const { program, errors } = parseSync(filename, code);
  if (errors.length) throw new Error(`kwt-split-messages: cannot parse a module to find its catalog keys: ${errors[0]!.message}`);
  new Visitor({
    Literal(node) {
      if (typeof node.value === 'string') consider(node.value);
    },
    TemplateLiteral(node) {
      consider(node.quasis[0]?.value.cooked);
    },
  }).visit(program);
  return [...found];
}

const VIRTUAL = 'virtual:kwt-messages/';
const root = resolve(fileURLToPath(new URL('.', import.meta.url)), '..');
const I18N_INDEX = resolve(root, 'src/shared/i18n/index.ts');
const REGISTRY = resolve(root, 'src/client/messages/catalog-en.ts');
const STUBS: Record<string, string> = {
  './en': REGISTRY,
  './ar': resolve(root, 'src/client/messages/catalog-ar.ts'),
  './ar/plurals': resolve(root, 'src/client/messages/catalog-ar.ts'),
};
const SCANNED = [resolve(root, 'routes'), resolve(root, 'src/client'), resolve(root, 'src/shared')].map((d) => `${d}/`);
const NOT_SCANNED = [resolve(root, 'src/shared/i18n'), resolve(root, 'src/client/messages')].map((d) => `${d}/`);
/**
 * The i18n runtime (src/shared/i18n/index.ts, message.ts) is not scanned: in the browser it needs only privilegeWords' keys.
 */
export const RUNTIME_KEYS = ['errors.privilege.'];

export function splitMessages(): Plugin[] {
  let serve = false;
  const resolver: Plugin = {
    name: 'kwt-split-messages:resolve',
    enforce: 'pre',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    resolveId(source, importer) {
      if (source.startsWith(VIRTUAL)) return `\0${source}`;
      if (importer && importer.split('?')[0] === I18N_INDEX && STUBS[source]) return STUBS[source];
      return null;
    },
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const register = `import { registerMessages } from ${JSON.stringify(REGISTRY)};\n`;
      // The dev server registers the whole catalog from its files, so an edited message shows without a restart.
      if (serve) return `${register}import { en } from ${JSON.stringify(resolve(root, 'src/shared/i18n/en/index.ts'))};\nregisterMessages(en);\n`;
      const literal = decodeURIComponent(id.slice(VIRTUAL.length + 1));
      const messages = Object.fromEntries(keysNamedBy(literal).map((k) => [k, EN[k]!]));
      return `${register}registerMessages(${JSON.stringify(messages)});\n`;
    },
  };
  const scanner: Plugin = {
    name: 'kwt-split-messages:scan',
    // After the router plugin has split route files, so a key lands with the chunk that renders it.
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (!/\.(ts|tsx)$/.test(file) || !SCANNED.some((d) => file.startsWith(d))) return null;
      const literals = file === I18N_INDEX ? RUNTIME_KEYS : NOT_SCANNED.some((d) => file.startsWith(d)) ? [] : keyLiteralsIn(code);
      if (!literals.length) return null;
      return { code: `${literals.map((l) => `import '${VIRTUAL}${encodeURIComponent(l)}';`).join('')}${code}`, map: null };
    },
  };
  return [resolver, scanner];
}
