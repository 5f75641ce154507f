import { Hono } from 'hono';
import { csvDownload } from '../http/csv-download';
import { contextFromVars, type AppVariables } from '../trpc/context';
import { createCaller } from '../trpc/root';

type Caller = ReturnType<typeof createCaller>;

/**
 * GET `path`[?`param`=…]: a CSV file of a guarded procedure's answer. `load` calls the procedure as the
 * request's caller (so its role, tenant and input checks are the download's) with `{ [param]: value }`
 * when the query string has it, else no input; `toFile` shapes the file.
 */
export function procedureCsvRoute<K extends string, T>(
  path: string,
  param: K,
  load: (caller: Caller, input: Record<K, string> | undefined) => Promise<T>,
  toFile: (data: T) => { csv: string; name: string },
) {
  const api = new Hono<{ Variables: AppVariables }>();
  api.get(path, (c) => {
    const caller = createCaller(contextFromVars(c.var, new Headers()));
    const value = c.req.query(param);
    return csvDownload(c, () => load(caller, value ? ({ [param]: value } as Record<K, string>) : undefined), toFile);
  });
  return api;
}
