import { join } from 'node:path';
import { dictionary } from '@zxcvbn-ts/language-common';

/** The shipped list the password policy reads (one entry a line, the most common passwords first). */
export const COMMON_PASSWORDS_FILE = join(import.meta.dir, '..', '..', 'auth', 'common-passwords.txt');

/**
 * The whole common dictionary of @zxcvbn-ts/language-common, build-time only: every entry of
 * `passwords-common` (breach corpora, most common first), then the `diceware-common` words not already
 * in it; lower-cased, trimmed, first occurrence kept. Short entries stay: the policy looks up the core of
 * a password (its letters without the digits and symbols around them) in it, whatever its length.
 */
export function commonPasswordsFromPackage(): string[] {
  const seen = new Set<string>();
  for (const name of ['passwords-common', 'diceware-common'] as const) {
    for (const word of dictionary[name] as string[]) {
      const w = word.trim().toLowerCase();
      if (w && !w.includes('\n')) seen.add(w);
    }
  }
  return [...seen];
}
