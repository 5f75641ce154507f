import { fileURLToPath } from 'node:url';
import { migrate } from 'drizzle-orm/libsql/migrator';
import type { Db } from './client';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

export async function applyMigrations(db: Db): Promise<void> {
  await migrate(db, { migrationsFolder });
}

if (import.meta.main) {
  const { loadEnv } = await import('../src/server/env');
  const { createDb } = await import('./client');
  const env = loadEnv();
  const db = await createDb({ url: env.DATABASE_URL, authToken: env.DATABASE_AUTH_TOKEN });
  await applyMigrations(db);
  console.log('migrations applied');
}
