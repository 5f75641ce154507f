/**
 * `bun scripts/db.ts migrate|seed|create-admin`: apply migrations, seed demo data into an empty database, or
 * create an administrator (`create-admin <email> <first name> [last name]`) and print the one-time link
 * with which they choose a password: production databases are never seeded with the demo accounts.
 */
import { createDb } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { seedDemoIfEmpty } from '../db/seed';
import { hashPassword } from '../src/server/auth/password';
import { loadEnv } from '../src/server/env';
import { createAdmin } from '../src/server/services/identity';

const [command, ...args] = process.argv.slice(2);
const env = loadEnv();
const db = await createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
await applyMigrations(db);
if (command === 'seed') {
  console.log((await seedDemoIfEmpty(db, hashPassword)) ? 'demo data seeded' : 'database not empty: nothing seeded');
} else if (command === 'create-admin') {
  const [email, firstName, ...last] = args;
  if (!email || !firstName) {
    console.error('usage: bun scripts/db.ts create-admin <email> <first name> [last name]');
    process.exit(2);
  }
  const made = await createAdmin(db, { email, firstName, lastName: last.join(' ') }).catch((err: Error) => {
    console.error(`create-admin: ${email}: ${err.message}`);
    process.exit(1);
  });
  const origin = env.APP_URL ?? `http://localhost:${env.PORT}`;
  console.log(`Administrator ${made.email} created. Open this link within 60 minutes to choose a password (shown once):\n${origin}${made.link}`);
} else {
  console.log('migrations applied');
}
