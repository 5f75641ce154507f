/**
 * Writes src/server/auth/common-passwords.txt: the whole common dictionary that @zxcvbn-ts/language-common
 * (MIT) ships — every `passwords-common` entry (breach corpora, most common first), then the
 * `diceware-common` words — lower-cased and without duplicates. Run `bun scripts/common-passwords.ts`
 * after upgrading that package; src/server/services/identity/password-policy.test.ts checks the shipped file still
 * matches it.
 */
import { writeFileSync } from 'node:fs';
import { commonPasswordsFromPackage, COMMON_PASSWORDS_FILE } from '../src/server/services/identity';

const list = commonPasswordsFromPackage();
writeFileSync(COMMON_PASSWORDS_FILE, `${list.join('\n')}\n`);
console.log(`Wrote ${list.length} entries to ${COMMON_PASSWORDS_FILE}`);
