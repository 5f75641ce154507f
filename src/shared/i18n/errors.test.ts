/**
 * Validation messages in src/shared/schemas are named by catalog key (byKey / textOf, ./message.ts), never
 * written as English sentences: zod renders them in the language of the parse, so an Arabic request and the
 * Arabic UI get Arabic, while English stays the spec's exact text. Messages are collected from the source as
 * before: string arguments of calls that read as prose (contain a space) and `message:`/`error:` properties.
 */
import { parse } from '@babel/parser';
import { expect, test } from 'bun:test';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setLocaleSource, translate } from '.';
import { byKey, label, msg, privilegeOf, render } from './message';
import { loginInput } from '../schemas/auth';
import { reportInput } from '../schemas/reports';
import { newRiderMessages } from '../schemas/company-riders';

const DIR = join(import.meta.dir, '../schemas');
/** Calls whose string argument is not a message. */
const NOT_MESSAGES = new Set(['describe', 'literal', 'startsWith', 'endsWith', 'includes', 'split', 'join', 'replace', 'test']);

type Node = { type: string; [k: string]: unknown };

function proseIn(): string[] {
  const found: string[] = [];
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const ast = parse(readFileSync(join(DIR, file), 'utf8'), { sourceType: 'module', plugins: ['typescript'] });
    const add = (n: Node | undefined) => {
      if (n?.type === 'StringLiteral') found.push(`${file}: ${n.value as string}`);
      if (n?.type === 'TemplateLiteral') found.push(`${file}: ${(n.quasis as { value: { cooked: string } }[]).map((q) => q.value.cooked).join('{}')}`);
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

test('no zod message in src/shared/schemas is an English sentence: each is named by its catalog key', () => {
  expect(proseIn()).toEqual([]);
});

test('a schema refusal comes in the language of the parse; English is the spec’s exact text', () => {
  const issueOf = () => loginInput.safeParse({ email: '', password: '' }).error!.issues[0]!.message;
  expect(issueOf()).toBe('Please enter both email and password');
  const period = () => reportInput.safeParse({ from: '2026-01-01', to: '2027-06-01' }).error!.issues[0]!.message;
  expect(period()).toBe('The period can be at most 366 days');
  expect(newRiderMessages({})[0]).toBe('Name is required');
  try {
    setLocaleSource(() => 'ar');
    expect(issueOf()).toBe(translate('ar', 'login.error.required'));
    expect(period()).toBe(translate('ar', 'errors.periodTooLong', { days: 366 }));
    expect(newRiderMessages({})[0]).toBe(translate('ar', 'errors.nameRequired'));
  } finally {
    setLocaleSource(() => 'en');
  }
  expect(byKey('errors.nameRequired').error()).toBe('Name is required');
});

test('a message by key renders its labels and nested messages in the reader’s language', () => {
  const transition = msg('errors.orderTransition', { from: label('orderStatus.delivered'), to: label('orderStatus.picked_up') });
  expect(render('en', transition)).toBe('An order that is delivered cannot become picked up');
  expect(render('ar', transition)).toBe(
    translate('ar', 'errors.orderTransition', { from: translate('ar', 'orderStatus.delivered'), to: translate('ar', 'orderStatus.picked_up') }),
  );
  const denied = msg('guard.denied', { action: msg('permission.view-analytics'), privilege: privilegeOf(['company', 'admin']) });
  expect(render('en', denied)).toBe('Access denied: Viewing analytics requires company or admin privileges');
  expect(translate('en', 'errors.odometerPhotoMismatch', { photoKm: 10, km: 20 })).toBe('The odometer photo reads 10 km, not 20 km');
});
