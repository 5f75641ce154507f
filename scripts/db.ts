/** `bun scripts/db.ts migrate|seed`: apply migrations, or seed demo data into an empty database. */
import { createDb } from '../db/client';
import { applyMigrations } from '../db/migrate';
import { seedDemoIfEmpty } from '../db/seed';
import { hashPassword } from '../src/server/auth/password';
import { loadEnv } from '../src/server/env';

const command = process.argv[2];
const env = loadEnv();
const db = await createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
await applyMigrations(db);
if (command === 'seed') {
  console.log((await seedDemoIfEmpty(db, hashPassword)) ? 'demo data seeded' : 'database not empty: nothing seeded');
} else {
  console.log('migrations applied');
}
