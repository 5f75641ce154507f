/**
 * Validation messages in src/shared/schemas stay English literals (the client imports the schemas
 * and tests assert the English), but each must be a catalog text so localizeText can render it in
 * Arabic. Messages are collected from the source: string arguments of calls that read as prose
 * (contain a space) and `message:`/`error:` properties; a template literal must match a catalog
 * template with its ${…} parts standing for {placeholders}.
 */
import { parse } from '@babel/parser';
import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { en } from './en';
import { localizeText, translate } from '.';

const DIR = join(import.meta.dir, '../schemas');
/** Calls whose string argument is not a message. */
const NOT_MESSAGES = new Set(['describe', 'literal', 'startsWith', 'endsWith', 'includes', 'split', 'join', 'replace', 'test']);

type Node = { type: string; [k: string]: unknown };
type Found = { file: string; text: string; template: boolean };

function collect(): Found[] {
  const found: Found[] = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const ast = parse(readFileSync(join(DIR, file), 'utf8'), { sourceType: 'module', plugins: ['typescript'] });
    const add = (n: Node | undefined) => {
      if (n?.type === 'StringLiteral') found.push({ file, text: n.value as string, template: false });
      if (n?.type === 'TemplateLiteral') {
        const quasis = (n.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked);
        found.push({ file, text: quasis.join('{}'), template: quasis.length > 1 });
      }
    };
    const walk = (n: unknown): void => {
      if (!n || typeof n !== 'object') return;
      if (Array.isArray(n)) return n.forEach(walk);
      const node = n as Node;
      if (node.type === 'CallExpression') {
        const callee = node.callee as Node;
        const name = callee.type === 'MemberExpression' ? ((callee.property as Node).name as string) : (callee.name as string);
        if (!NOT_MESSAGES.has(name))
          for (const a of node.arguments as Node[])
            if ((a.type === 'StringLiteral' && /\s/.test(a.value as string)) || (a.type === 'TemplateLiteral' && /\s/.test(JSON.stringify(a.quasis)))) add(a);
      }
      if (node.type === 'ObjectProperty' && ['message', 'error'].includes((node.key as Node).name as string)) add(node.value as Node);
      for (const [k, v] of Object.entries(node)) if (k !== 'loc' && k !== 'leadingComments' && k !== 'trailingComments') walk(v);
    };
    walk(ast.program);
  }
  return found;
}

test('every zod message in src/shared/schemas is an English catalog text (so Arabic users get it translated)', () => {
  const texts = new Set(Object.values(en) as string[]);
  const shapes = new Set((Object.values(en) as string[]).map((v) => v.replace(/\{\w+\}/g, '{}')));
  const found = collect();
  expect(found.length).toBeGreaterThan(40);
  const outside = found.filter((f) => (f.template ? !shapes.has(f.text) : !texts.has(f.text))).map((f) => `${f.file}: ${f.text}`);
  expect(outside).toEqual([]);
});

test('schema and service messages come back in Arabic, English unchanged', () => {
  expect(localizeText('Name is required', 'ar')).toBe(translate('ar', 'errors.nameRequired'));
  expect(localizeText('Name is required', 'en')).toBe('Name is required');
  expect(localizeText('The period can be at most 366 days', 'ar')).toBe(translate('ar', 'errors.periodTooLong', { days: 366 }));
  expect(localizeText('Password must be at least 8 characters', 'ar')).toBe(translate('ar', 'errors.passwordMin', { min: 8 }));
  // The statuses inside the sentence are Arabic too (issue 8).
  expect(localizeText('An order that is delivered cannot become assigned', 'ar')).toBe(
    translate('ar', 'errors.orderTransition', { from: translate('ar', 'orderStatus.delivered'), to: translate('ar', 'orderStatus.assigned') }),
  );
  expect(translate('en', 'errors.odometerPhotoMismatch', { photoKm: 10, km: 20 })).toBe('The odometer photo reads 10 km, not 20 km');
});
