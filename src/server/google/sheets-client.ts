import { readFileSync } from 'node:fs';
import { auth, sheets, type sheets_v4 } from '@googleapis/sheets';
import type { Env } from '../env';
import { DomainError } from '../errors';
import { msg } from '../../shared/i18n/message';

/** What a sync needs: an authenticated Sheets client and the spreadsheet to write. */
export interface SheetsTarget {
  api: sheets_v4.Sheets;
  spreadsheetId: string;
  timeoutMs: number;
}

export const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';
export const NOT_CONFIGURED = 'Google Sheets is not configured';

type SheetsConfig = Pick<
  Env,
  | 'GOOGLE_SERVICE_ACCOUNT_JSON'
  | 'GOOGLE_SERVICE_ACCOUNT_KEY_FILE'
  | 'GOOGLE_SHEETS_SPREADSHEET_ID'
  | 'GOOGLE_SHEETS_ROOT_URL'
  | 'GOOGLE_SHEETS_TIMEOUT_MS'
>;

interface ServiceAccountKey {
  client_email: string;
  private_key: string;
}

function readKey(config: SheetsConfig): ServiceAccountKey | null {
  if (config.GOOGLE_SERVICE_ACCOUNT_JSON) return JSON.parse(config.GOOGLE_SERVICE_ACCOUNT_JSON) as ServiceAccountKey;
  const file = config.GOOGLE_SERVICE_ACCOUNT_KEY_FILE;
  if (!file) return null;
  let key: Partial<ServiceAccountKey>;
  try {
    key = JSON.parse(readFileSync(file, 'utf8')) as Partial<ServiceAccountKey>;
  } catch {
    throw new DomainError('SERVICE_UNAVAILABLE', msg('errors.sheetsKeyUnreadable'));
  }
  if (typeof key.client_email !== 'string' || typeof key.private_key !== 'string') {
    throw new DomainError('SERVICE_UNAVAILABLE', msg('errors.sheetsKeyIncomplete'));
  }
  return key as ServiceAccountKey;
}

/**
 * The Sheets client for the configured service account, or null when the
 * credentials or the spreadsheet id are missing (the service answers 503).
 */
export function sheetsTarget(config: SheetsConfig): SheetsTarget | null {
  const spreadsheetId = config.GOOGLE_SHEETS_SPREADSHEET_ID;
  if (!spreadsheetId || !(config.GOOGLE_SERVICE_ACCOUNT_JSON || config.GOOGLE_SERVICE_ACCOUNT_KEY_FILE)) return null;
  const key = readKey(config);
  if (!key) return null;
  const jwt = new auth.JWT({ email: key.client_email, key: key.private_key, scopes: [SHEETS_SCOPE] });
  // A self-signed JWT per request: no token exchange with oauth2.googleapis.com.
  // The constructor ignores this option, so it is set afterwards.
  jwt.useJWTAccessWithScope = true;
  const api = sheets({
    version: 'v4',
    auth: jwt,
    rootUrl: config.GOOGLE_SHEETS_ROOT_URL,
    timeout: config.GOOGLE_SHEETS_TIMEOUT_MS,
    // One attempt per call: a failed sync is recorded and can be run again; retries
    // with back-off would hold the admin's request far past the timeout.
    retry: false,
  });
  return { api, spreadsheetId, timeoutMs: config.GOOGLE_SHEETS_TIMEOUT_MS };
}
