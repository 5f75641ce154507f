import { generateKeyPairSync, verify } from 'node:crypto';

/**
 * A loopback stand-in for the Google Sheets API v4, speaking exactly the requests
 * @googleapis/sheets sends (logged and matched): spreadsheets.get, batchUpdate
 * (addSheet, updateSheetProperties), values.clear and values.update. It checks the
 * service account's self-signed JWT against the test key, keeps what was written,
 * and can be told to fail (HTTP 500) or never answer.
 */
export type Cell = string | number | boolean;

export interface FakeTab {
  sheetId: number;
  title: string;
  rowCount: number;
  columnCount: number;
  frozenRowCount?: number;
  /** Row index (0-based) → cells. */
  rows: Map<number, Cell[]>;
}

interface GridProperties {
  rowCount?: number;
  columnCount?: number;
  frozenRowCount?: number;
}

/** One request of a batchUpdate, as far as the fake reads it: the two kinds the sync sends. */
export interface BatchUpdateRequest {
  addSheet?: { properties: { title: string; gridProperties?: GridProperties } };
  updateSheetProperties?: { properties: { sheetId: number; gridProperties: Required<Pick<GridProperties, 'rowCount' | 'columnCount'>> } };
}

export interface LoggedRequest {
  method: string;
  path: string;
  search: string;
  body: unknown;
}

export const SERVICE_ACCOUNT_EMAIL = 'kwt-sync@kwt-delivery.iam.gserviceaccount.com';
export const SPREADSHEET_ID = '1FakeSpreadsheetId_kwt';

const keys = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  publicKeyEncoding: { type: 'spki', format: 'pem' },
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** The service account key as Google issues it (only the fields the client reads). */
export const SERVICE_ACCOUNT_JSON = JSON.stringify({
  type: 'service_account',
  client_email: SERVICE_ACCOUNT_EMAIL,
  private_key: keys.privateKey,
});

const googleError = (code: number, message: string, status: string) =>
  Response.json({ error: { code, message, status } }, { status: code });

/** "'Orders'!A5001" → { title: 'Orders', row: 5000 } (0-based); "'Orders'" → row undefined. */
function parseRange(range: string): { title: string; row?: number } {
  const m = /^'((?:[^']|'')+)'(?:!A(\d+))?$/.exec(range) ?? /^([^!']+)(?:!A(\d+))?$/.exec(range);
  if (!m) throw new Error(`unparsed range ${range}`);
  return { title: m[1]!.replace(/''/g, "'"), row: m[2] ? Number(m[2]) - 1 : undefined };
}

function checkJwt(header: string | null): Record<string, unknown> | string {
  const token = header?.startsWith('Bearer ') ? header.slice(7) : null;
  if (!token) return 'no bearer token';
  const [h, p, s] = token.split('.');
  if (!h || !p || !s) return 'not a JWT';
  if (!verify('RSA-SHA256', Buffer.from(`${h}.${p}`), keys.publicKey, Buffer.from(s, 'base64url'))) return 'bad signature';
  return JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
}

export function startFakeSheets(initialTabs: { title: string; rows?: Cell[][] }[] = [{ title: 'Sheet1' }]) {
  let nextSheetId = 100;
  const tabs = new Map<string, FakeTab>();
  const add = (title: string, rowCount = 1000, columnCount = 26, frozenRowCount?: number): FakeTab => {
    const tab: FakeTab = { sheetId: nextSheetId++, title, rowCount, columnCount, frozenRowCount, rows: new Map() };
    tabs.set(title, tab);
    return tab;
  };
  for (const t of initialTabs) {
    const tab = add(t.title);
    t.rows?.forEach((r, i) => tab.rows.set(i, r));
  }
  const log: LoggedRequest[] = [];
  const tokens: Record<string, unknown>[] = [];
  const unexpected: string[] = [];
  const hanging: ((r: Response) => void)[] = [];
  let mode: 'ok' | 'fail' | 'hang' = 'ok';

  function route(req: Request, path: string, url: URL, body: unknown): Response {
    const prefix = `/v4/spreadsheets/${SPREADSHEET_ID}`;
    if (!path.startsWith(prefix)) return googleError(404, 'Requested entity was not found.', 'NOT_FOUND');
    const rest = path.slice(prefix.length);
    if (req.method === 'GET' && rest === '') {
      const sheets = [...tabs.values()].map((t) => ({
        properties: { sheetId: t.sheetId, title: t.title, gridProperties: { rowCount: t.rowCount, columnCount: t.columnCount } },
      }));
      return Response.json({ sheets });
    }
    if (req.method === 'POST' && rest === ':batchUpdate') {
      const replies: unknown[] = [];
      for (const r of (body as { requests: BatchUpdateRequest[] }).requests) {
        if (r.addSheet) {
          const p = r.addSheet.properties;
          if (tabs.has(p.title)) return googleError(400, `A sheet with the name "${p.title}" already exists.`, 'INVALID_ARGUMENT');
          const g: GridProperties = p.gridProperties ?? {};
          const tab = add(p.title, g.rowCount ?? 1000, g.columnCount ?? 26, g.frozenRowCount);
          replies.push({ addSheet: { properties: { sheetId: tab.sheetId, title: tab.title } } });
        } else if (r.updateSheetProperties) {
          const p = r.updateSheetProperties.properties;
          const tab = [...tabs.values()].find((t) => t.sheetId === p.sheetId);
          if (!tab) return googleError(400, `No grid with id: ${p.sheetId}`, 'INVALID_ARGUMENT');
          tab.rowCount = p.gridProperties.rowCount;
          tab.columnCount = p.gridProperties.columnCount;
          replies.push({});
        } else {
          unexpected.push(`batchUpdate request ${Object.keys(r).join(',')}`);
          return googleError(400, 'Unsupported request', 'INVALID_ARGUMENT');
        }
      }
      return Response.json({ spreadsheetId: SPREADSHEET_ID, replies });
    }
    const values = /^\/values\/([^/]+?)(:clear)?$/.exec(rest);
    if (values) {
      const range = decodeURIComponent(values[1]!);
      const { title, row } = parseRange(range);
      const tab = tabs.get(title);
      if (!tab) return googleError(400, `Unable to parse range: ${range}`, 'INVALID_ARGUMENT');
      if (req.method === 'POST' && values[2]) {
        tab.rows.clear();
        return Response.json({ spreadsheetId: SPREADSHEET_ID, clearedRange: range });
      }
      if (req.method === 'PUT' && !values[2]) {
        if (url.searchParams.get('valueInputOption') !== 'RAW') unexpected.push(`valueInputOption ${url.searchParams.get('valueInputOption')}`);
        const rows = (body as { values: Cell[][] }).values;
        const start = row ?? 0;
        const width = Math.max(...rows.map((r) => r.length));
        // Like the real API: writing past the grid is an error, not a resize.
        if (start + rows.length > tab.rowCount || width > tab.columnCount) {
          return googleError(400, `Range (${range}) exceeds grid limits. Max rows: ${tab.rowCount}, max columns: ${tab.columnCount}`, 'INVALID_ARGUMENT');
        }
        rows.forEach((r, i) => tab.rows.set(start + i, r));
        return Response.json({ spreadsheetId: SPREADSHEET_ID, updatedRange: range, updatedRows: rows.length });
      }
    }
    unexpected.push(`${req.method} ${path}`);
    return googleError(404, 'Not found', 'NOT_FOUND');
  }

  const server = Bun.serve({
    port: 0,
    hostname: '127.0.0.1',
    async fetch(req) {
      const url = new URL(req.url);
      const text = await req.text();
      const body: unknown = text ? JSON.parse(text) : undefined;
      log.push({ method: req.method, path: url.pathname, search: url.search, body });
      const claims = checkJwt(req.headers.get('authorization'));
      if (typeof claims === 'string') {
        unexpected.push(`auth: ${claims}`);
        return googleError(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
      }
      tokens.push(claims);
      if (mode === 'hang') return new Promise<Response>((resolve) => hanging.push(resolve));
      if (mode === 'fail') return googleError(500, 'Internal error encountered.', 'INTERNAL');
      return route(req, url.pathname, url, body);
    },
  });

  return {
    rootUrl: `http://127.0.0.1:${server.port}/`,
    tabs,
    log,
    tokens,
    unexpected,
    setMode(m: typeof mode) {
      mode = m;
    },
    /** The tab's rows in order, as a plain array (gaps as empty rows). */
    values(title: string): Cell[][] {
      const tab = tabs.get(title);
      if (!tab) return [];
      const last = Math.max(-1, ...tab.rows.keys());
      return Array.from({ length: last + 1 }, (_, i) => tab.rows.get(i) ?? []);
    },
    stop() {
      for (const resolve of hanging.splice(0)) resolve(googleError(503, 'stopped', 'UNAVAILABLE'));
      server.stop(true);
    },
  };
}
export type FakeSheets = ReturnType<typeof startFakeSheets>;
