import type { Context } from 'hono';
import { mapError } from './errors';

/** The headers of a CSV file download. */
export function csvAttachment(name: string) {
  return { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${name}"`, 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'no-store' };
}

/**
 * A CSV download built from a guarded procedure's answer: `load` runs the procedure (its role, tenant and
 * input checks are the download's), `toFile` shapes the file. A UTF-8 byte order mark lets spreadsheet
 * apps read Arabic names; a refusal answers the usual `{ error }` body with its status.
 */
export async function csvDownload<T>(c: Context, load: () => Promise<T>, toFile: (data: T) => { csv: string; name: string }) {
  try {
    const { csv, name } = toFile(await load());
    return c.body(`\uFEFF${csv}`, 200, csvAttachment(name));
  } catch (err) {
    const mapped = mapError(err);
    return c.json(mapped.body, mapped.status as 400);
  }
}
