import { describe, expect, test } from 'bun:test';
import { readFileSync } from 'node:fs';
import { changePasswordInput, newPasswordField } from '../../../shared/schemas/auth';
import { setLocaleSource } from '../../../shared/i18n';
import { render } from '../../../shared/i18n/message';
import { COMMON_PASSWORDS_FILE, commonPasswordsFromPackage } from './common-passwords-source';
import { assertPasswordAllowed, passwordProblem as problemMessage } from './password-policy';

const who = { email: 'Ahmed.Ali@example.com', firstName: 'Ahmed', lastName: 'Al-Sabah' };
const SHORT = 'Use at least 10 characters: a few unrelated words make a good passphrase.';
const LONG = 'Use at most 200 characters.';
const COMMON = 'This password is on a list of common, breached passwords. Choose another one: a few unrelated words work well.';
const PERSONAL = 'Do not use your email address or your name as your password.';
/** The policy's message as an English request reads it. */
const passwordProblem = (password: string, owner: typeof who) => {
  const m = problemMessage(password, owner);
  return m && render('en', m);
};

describe('password policy', () => {
  test('passphrases pass: length only, spaces allowed, no symbol or digit forced', () => {
    const long = 'the camel crossed the dunes at dawn '.repeat(6).slice(0, 200);
    for (const ok of ['correct horse battery staple', 'my camel eats dates at noon', 'tea at dawn by the gulf', 'Tr0ub4dor&3x', 'Xy!4729183650', 'كلمة مرور طويلة جدا', long]) {
      expect(passwordProblem(ok, who)).toBeNull();
    }
  });

  test('too short (counted in characters, after trimming) and too long', () => {
    expect(passwordProblem('abcdefghi', who)).toBe(SHORT);
    expect(passwordProblem('   abcdefghi   ', who)).toBe(SHORT);
    expect(passwordProblem('😀'.repeat(9), who)).toBe(SHORT);
    expect(passwordProblem('😀🐪🌴🌙🚚📦💵🔑🐫🍉', who)).toBeNull();
    expect(passwordProblem('x'.repeat(201), who)).toBe(LONG);
    expect(newPasswordField.safeParse('').error?.issues[0]?.message).toBe('Password is required');
  });

  test('breached-common passwords are refused, whatever their case', () => {
    for (const bad of ['qwertyuiop', 'QwertyUiop', '1234567890', 'password123', '1q2w3e4r5t', 'basketball']) expect(passwordProblem(bad, who)).toBe(COMMON);
  });

  test('a common word with only digits and symbols around it is refused, whatever the word’s length', () => {
    for (const bad of ['Password1234', 'password12345', 'iloveyou123', 'qwertyuiop1', '!!Sunshine2024', 'dragon!!!!!!', 'abacus 2024!', 'MONKEY-123456']) {
      expect(passwordProblem(bad, who)).toBe(COMMON);
    }
  });

  test('one repeated character and simple sequences (alphabet, digits, keyboard rows, either way) are refused', () => {
    for (const bad of ['aaaaaaaaaa', '0000000000', '😀'.repeat(10), 'abcdefghij', 'jihgfedcba', '0123456789', '9876543210', '123456789012', '7890123456', 'poiuytrewq', 'asdfghjkl!', 'zxcvbnm2024', 'klmnopqrstu']) {
      expect(passwordProblem(bad, who)).toBe(COMMON);
    }
  });

  test('the account’s own email or name, dressed up or not, is refused', () => {
    for (const bad of ['ahmed.ali@example.com', 'my ahmed.ali@example.com key', 'Ahmed.Ali2024!', 'ahmedali!!!!', 'AhmedAhmed1', 'Al-Sabah2026!', 'ahmedal-sabah', 'Al Sabah Ahmed 99']) {
      expect(passwordProblem(bad, who)).toBe(PERSONAL);
    }
    // A sentence that only mentions the name is a passphrase, not the name.
    expect(passwordProblem('ahmed drinks tea at dawn', who)).toBeNull();
  });

  test('assertPasswordAllowed throws BAD_REQUEST on the field and returns the trimmed password', () => {
    expect(assertPasswordAllowed('  a long passphrase  ', who)).toBe('a long passphrase');
    expect(() => assertPasswordAllowed('qwertyuiop', who, 'newPassword')).toThrow(expect.objectContaining({ code: 'BAD_REQUEST', field: 'newPassword', message: COMMON }));
  });

  test('messages are in the catalog, in Arabic too', () => {
    // An Arabic request: the schema's refusal is rendered by key when it parses, the policy's own by key at the door.
    setLocaleSource(() => 'ar');
    try {
      const inArabic = ['abcdefghi', 'x'.repeat(201), 'qwertyuiop', 'Ahmed.Ali2024!'].map((pw) => render('ar', problemMessage(pw, who)!));
      inArabic.forEach((m, i) => expect(m).not.toBe([SHORT, LONG, COMMON, PERSONAL][i]!));
      expect(inArabic[2]).toContain('كلمة المرور هذه مدرجة');
    } finally {
      setLocaleSource(() => 'en');
    }
  });

  test('the current password is only required, never re-checked by the policy (older passwords keep working)', () => {
    expect(changePasswordInput.safeParse({ currentPassword: 'Demo1234!', newPassword: 'a brand new passphrase' }).success).toBe(true);
    expect(changePasswordInput.safeParse({ currentPassword: '', newPassword: 'a brand new passphrase' }).error?.issues[0]?.message).toBe('Password is required');
  });

  test('the shipped list is the whole common dictionary of @zxcvbn-ts/language-common, most common first', () => {
    const shipped = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').trimEnd().split('\n');
    expect(shipped).toHaveLength(54_224);
    expect(shipped.filter((w) => [...w].length >= 10)).toHaveLength(1_557);
    expect(shipped.slice(0, 3)).toEqual(['123456', 'password', '12345678']);
    expect(shipped).toEqual(commonPasswordsFromPackage());
  });
});
