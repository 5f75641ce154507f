/**
 * Every text a component shows comes from the catalog (t(...)), so Arabic covers the whole UI.
 * Scans routes/**\/*.tsx and src/client/**\/*.tsx for JSX text, {'string'} children and literal
 * user-visible props (aria-label, title, placeholder, alt, label) that contain a letter.
 */
import { parse } from '@babel/parser';
import { Glob } from 'bun';
import { expect, test } from 'bun:test';
import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(import.meta.dir, '../../..');
const PROPS = new Set(['aria-label', 'aria-description', 'aria-placeholder', 'aria-roledescription', 'title', 'placeholder', 'alt', 'label']);
/** Not language: the brand and example URLs shown as input placeholders. */
const ALLOWED = new Set(['KWT Delivery']);
const allowed = (s: string) => ALLOWED.has(s.trim()) || /^https?:\/\/\S*$/.test(s.trim());

type Node = { type: string; start: number; loc: { start: { line: number } }; [k: string]: unknown };

function literals(file: string): string[] {
  const src = readFileSync(join(ROOT, file), 'utf8');
  const ast = parse(src, { sourceType: 'module', plugins: ['typescript', 'jsx'] });
  const out: string[] = [];
  const report = (n: Node, text: string) => {
    if (/\p{L}/u.test(text) && !allowed(text)) out.push(`${file}:${n.loc.start.line} ${JSON.stringify(text.trim())}`);
  };
  const text = (e: Node | null | undefined): string | null =>
    e?.type === 'StringLiteral' ? (e.value as string) : e?.type === 'TemplateLiteral' ? (e.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).join(' ') : null;
  const walk = (n: unknown, parent = ''): void => {
    if (!n || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach((c) => walk(c, parent));
    const node = n as Node;
    if (node.type === 'JSXText') report(node, node.value as string);
    if (node.type === 'JSXExpressionContainer' && (parent === 'JSXElement' || parent === 'JSXFragment')) {
      const s = text(node.expression as Node);
      if (s !== null) report(node, s);
    }
    if (node.type === 'JSXAttribute' && PROPS.has((node.name as Node).name as string)) {
      const v = node.value as Node | null;
      const s = v?.type === 'JSXExpressionContainer' ? text(v.expression as Node) : text(v);
      if (s !== null) report(node, s);
    }
    for (const [k, v] of Object.entries(node)) if (k !== 'loc' && k !== 'leadingComments' && k !== 'trailingComments' && k !== 'innerComments') walk(v, node.type);
  };
  walk(ast.program);
  return out;
}

test('components render no literal text outside the message catalog', () => {
  const files = ['routes/**/*.tsx', 'src/client/**/*.tsx']
    .flatMap((p) => [...new Glob(p).scanSync(ROOT)])
    .filter((f) => !/\.(test|spec)\.tsx$/.test(f));
  expect(files.length).toBeGreaterThan(50);
  expect(files.flatMap(literals)).toEqual([]);
});

test('the scanner catches JSX text, string children and visible props', () => {
  const probe = join(ROOT, 'src/shared/i18n/.ui-literals-probe.tsx');
  writeFileSync(probe, `export const A = () => <div title="Hello there" aria-label={t('x')}>Welcome<b>{'Bye now'}</b>{t('y')} KWT Delivery <input placeholder="https://" /></div>;`);
  try {
    expect(literals('src/shared/i18n/.ui-literals-probe.tsx').map((s) => s.split(' ').slice(1).join(' '))).toEqual(['"Hello there"', '"Welcome"', '"Bye now"']);
  } finally {
    unlinkSync(probe);
  }
});
