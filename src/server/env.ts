import { z } from 'zod';

function isServiceAccountJson(text: string): boolean {
  try {
    const key = JSON.parse(text) as { client_email?: unknown; private_key?: unknown };
    return typeof key.client_email === 'string' && typeof key.private_key === 'string';
  } catch {
    return false;
  }
}

/** The only reader of process.env. A bad setting stops the process with a message naming it. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^(file:|libsql:|https?:|wss?:)/, 'must start with file:, libsql:, http(s): or ws(s):')
    .regex(/^(file:.+|[a-z]+:\/\/[^\s/?#]+\S*)$/, 'must name a file (file:path) or a server (libsql://host)')
    .default('file:./data/kwt-delivery.db'),
  DATABASE_AUTH_TOKEN: z.string().optional(),
  /**
   * An embedded replica (docs/deploy.md): DATABASE_URL is then the local file: copy, reads are served from it and
   * writes go to this libSQL/Turso primary (with DATABASE_AUTH_TOKEN); the copy pulls changes every
   * DATABASE_SYNC_INTERVAL seconds.
   */
  DATABASE_SYNC_URL: z
    .string()
    .regex(/^(libsql|https?|wss?):\/\/[^\s/]+/, 'must be a libsql://, http(s):// or ws(s):// URL of the primary database')
    .optional(),
  DATABASE_SYNC_INTERVAL: z.coerce.number().int('must be a whole number of seconds').min(1).max(86_400).default(5),
  /** debug, info (one line per request), warn, error or silent. */
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  /** How long a stopping server lets requests in flight finish before closing their connections. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /** Demo business on an empty database: on by default, except in production, where it is refused (see below). */
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  /** The demo simulator (issue 21): seeded riders on duty move and deliver while the demo server runs. On with SEED_DEMO; refused in production. */
  SIMULATE_DEMO: z.enum(['true', 'false']).optional(),
  APP_URL: z.url().optional(),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Google Sheets sync: a service account key, inline (the JSON as a string) or as a file path. */
  GOOGLE_SERVICE_ACCOUNT_JSON: z
    .string()
    .refine(isServiceAccountJson, 'must be a service account JSON key with client_email and private_key')
    .optional(),
  GOOGLE_SERVICE_ACCOUNT_KEY_FILE: z.string().optional(),
  GOOGLE_SHEETS_SPREADSHEET_ID: z.string().optional(),
  /** Where the Sheets API lives; tests point it at a loopback fake. */
  GOOGLE_SHEETS_ROOT_URL: z.url().default('https://sheets.googleapis.com/'),
  GOOGLE_SHEETS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(20_000),
  /** AED to KWD conversion for system-wide revenue (1 AED = 0.0835 KWD by default). */
  AED_TO_KWD_RATE: z.coerce.number().positive().max(10).default(0.0835),
  /** Skip the automatic front-end build at start (the dev script serves the front end through Vite). */
  SKIP_BUILD: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  DIST_DIR: z.string().default('./dist'),
  /** Tests and local development only: let webhooks reach a loopback receiver over plain http on any port (no other inside address). */
  WEBHOOKS_ALLOW_PRIVATE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Where riders' photos (odometer, receipts, cash slips, proof of delivery) are kept. */
  CAPTURES_DIR: z.string().default('./data/captures'),
  /** The fleet map's tile server ({z}/{x}/{y}, optional {s}); its host is allowed in the CSP's img-src. */
  MAP_TILE_URL: z.string().regex(/^https?:\/\/[^/\s]+\/\S*\{z\}\S*\{x\}\S*\{y\}/, 'must be an http(s) URL with {z}, {x} and {y}').default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  /**
   * Failed sign-ins per account from untrusted browsers (and per device cookie) within 15 minutes before a 429; one IP may
   * fail over twice as many accounts and ten times as many attempts (credential stuffing). The browser tests raise it: they share one IP.
   */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).max(10_000).default(10),
  /** The HMAC key of device cookies (docs/decisions/007-device-cookies.md); unset, a random key per process (devices are trusted until a restart). */
  DEVICE_COOKIE_SECRET: z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  /** Credit shown on the fleet map (HTML); the tile provider's terms decide it. */
  MAP_ATTRIBUTION: z.string().max(500).default('&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors'),
  /** Claude answers the chats when set; without it the built-in offline assistant does. */
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_MODEL: z.string().regex(/^[A-Za-z0-9][\w.:@-]{2,99}$/, 'must be a model id such as claude-sonnet-5-5').default('claude-sonnet-5-5'),
  /** The Messages API's origin; tests point it at a loopback fake. */
  ANTHROPIC_BASE_URL: z.url().optional(),
  /** The whole of one assistant reply (every round of tool use) must finish within this. */
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(30_000),
  /** Visitor chat messages (and lead notifications) per IP per minute before a 429. */
  CHAT_MAX_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  /** Leads and contact messages go to SALES_INBOX through this server (smtp://user:pass@host:port, smtps:// for TLS). */
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s/]+(\/\S*)?$/, 'must be an smtp:// or smtps:// URL').optional(),
  SMTP_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  SALES_INBOX: z.email().default('sales@kwtdelivery.com'),
  MAIL_FROM: z.string().max(200).default('KWT Delivery <no-reply@kwtdelivery.com>'),
  /** `bun run mcp` (stdio) acts as this API token's user (the same check as /mcp over HTTP)... */
  MCP_TOKEN: z.string().optional(),
  /** ...or, without a token, as this account: local use by whoever can already read the database. */
  MCP_USER_EMAIL: z.email().optional(),
})
  .refine((env) => !(env.NODE_ENV === 'production' && env.WEBHOOKS_ALLOW_PRIVATE), {
    path: ['WEBHOOKS_ALLOW_PRIVATE'],
    message: 'must not be true in production (it switches off the webhook SSRF guard)',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.SEED_DEMO === 'true'), {
    path: ['SEED_DEMO'],
    message: 'must not be true in production (it creates the demo accounts, whose password is public)',
  })
  .refine((env) => !(env.NODE_ENV === 'production' && env.SIMULATE_DEMO === 'true'), {
    path: ['SIMULATE_DEMO'],
    message: 'must not be true in production (it moves riders and delivers orders that are not real)',
  })
  .refine((env) => !env.DATABASE_SYNC_URL || (env.DATABASE_URL.startsWith('file:') && !/^file:(:memory:)?$/.test(env.DATABASE_URL)), {
    path: ['DATABASE_SYNC_URL'],
    message: 'needs DATABASE_URL to be the local replica file (file:/path/to/replica.db)',
  })
  .refine((env) => !/^[a-z]+:\/\/[^/]*\.turso\.io([:/?]|$)/.test(env.DATABASE_URL) || !!env.DATABASE_AUTH_TOKEN, {
    path: ['DATABASE_AUTH_TOKEN'],
    message: 'is needed for a Turso DATABASE_URL (turso db tokens create <db>)',
  })
  .refine((env) => !env.DATABASE_SYNC_URL || !!env.DATABASE_AUTH_TOKEN || !env.DATABASE_SYNC_URL.startsWith('libsql:'), {
    path: ['DATABASE_AUTH_TOKEN'],
    message: 'is needed with a libsql:// DATABASE_SYNC_URL (the Turso database token)',
  })
  .transform((env) => {
    const seedDemo = (env.SEED_DEMO ?? (env.NODE_ENV === 'production' ? 'false' : 'true')) === 'true';
    return { ...env, SEED_DEMO: seedDemo, SIMULATE_DEMO: seedDemo && env.NODE_ENV !== 'production' && env.SIMULATE_DEMO !== 'false' };
  });

export type Env = z.infer<typeof envSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function loadEnv(): Env {
  return parseEnv(process.env);
}
