import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { msg, parsedText, type Message } from '../../../shared/i18n/message';
import { newPasswordField } from '../../../shared/schemas/auth';
import { invalid } from '../../errors';

/**
 * The password policy, applied when a password is set (never at sign-in, so older passwords such as the
 * demo accounts' keep working): the shared length rule (newPasswordField), then checks that need the
 * server — not a common or breached password (src/server/auth/common-passwords.txt, the whole zxcvbn
 * common dictionary, see scripts/common-passwords.ts), not such a word with only digits and symbols
 * around it, not one character repeated, not a simple sequence; and not built from the account's own
 * email address or name.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(readFileSync(join(import.meta.dir, '..', '..', 'auth', 'common-passwords.txt'), 'utf8').split('\n').filter(Boolean));
  return common;
}

/** Runs of the alphabet and of keyboard rows: a password that is a stretch of one, either way, is refused. */
const LINES = ['abcdefghijklmnopqrstuvwxyz', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'azertyuiop', 'qwertzuiop'];
const BACKWARDS = LINES.map((l) => [...l].reverse().join(''));

/** Digits counting up or down by one, wrapping round (0123456789, 123456789012, 9876543210). */
function isDigitRun(s: string): boolean {
  if (!/^[0-9]{3,}$/.test(s)) return false;
  const d = [...s].map(Number);
  const step = (d[1]! - d[0]! + 10) % 10;
  return (step === 1 || step === 9) && d.every((x, i) => i === 0 || (x - d[i - 1]! + 10) % 10 === step);
}

/** One character repeated, or a stretch of the alphabet, a keyboard row or the digits, either way (3 or more characters). */
function isTrivial(s: string): boolean {
  if ([...s].length < 3) return false;
  return /^(.)\1*$/u.test(s) || isDigitRun(s) || LINES.some((l) => l.includes(s)) || BACKWARDS.some((l) => l.includes(s));
}

/**
 * The word under the decoration: lower-cased, without the digits, symbols and spaces before and after it
 * ('Password1234!' → 'password', '!!iloveyou123' → 'iloveyou').
 */
const core = (s: string) => s.toLowerCase().replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');

/** A listed password, a listed word with only digits and symbols added, one repeated character, or a simple sequence. */
function isCommon(password: string): boolean {
  const whole = password.toLowerCase();
  const word = core(password);
  const list = commonPasswords();
  return list.has(whole) || isTrivial(whole) || (word.length > 0 && (list.has(word) || isTrivial(word)));
}

export interface PasswordOwner {
  email: string;
  firstName: string;
  lastName: string;
}

/** Letters only, lower-cased: what is left of the name or email under added digits and symbols ('Ahmed2024!!' → 'ahmed'). */
const letters = (s: string) => s.toLowerCase().replace(/[^\p{L}]/gu, '');

/** Can `s` be written as a sequence of `parts` (each any number of times)? */
function madeOf(s: string, parts: string[]): boolean {
  const ok = [true, ...Array<boolean>(s.length).fill(false)];
  for (let end = 1; end <= s.length; end++) ok[end] = parts.some((p) => p.length <= end && ok[end - p.length] && s.startsWith(p, end - p.length));
  return ok[s.length]!;
}

/**
 * Is the password just the email, or the person's name or email local part (whole or in words, repeated,
 * in any order), dressed up with digits and symbols? A sentence that merely mentions the name is not.
 */
function isPersonal(password: string, who: PasswordOwner): boolean {
  const email = who.email.trim().toLowerCase();
  if (email && password.toLowerCase().includes(email)) return true;
  const sources = [email.split('@')[0] ?? '', who.firstName, who.lastName];
  const parts = [...new Set(sources.flatMap((src) => [letters(src), ...src.split(/[^\p{L}]+/u).map(letters)]).filter((w) => w.length >= 3))];
  const pw = letters(password);
  return pw.length > 0 && parts.length > 0 && madeOf(pw, parts);
}

/** The message of the first rule the password breaks, or null when it is acceptable. */
export function passwordProblem(password: string, who: PasswordOwner): Message | null {
  const shaped = newPasswordField.safeParse(password);
  if (!shaped.success) return parsedText(shaped.error.issues[0]!.message);
  const pw = shaped.data;
  if (isPersonal(pw, who)) return msg('password.personal');
  if (isCommon(pw)) return msg('password.common');
  return null;
}

/** Throws BAD_REQUEST on `field` with the policy's message. Returns the password as it will be stored (trimmed). */
export function assertPasswordAllowed(password: string, who: PasswordOwner, field = 'password'): string {
  const problem = passwordProblem(password, who);
  if (problem) throw invalid(problem, field);
  return password.trim();
}
