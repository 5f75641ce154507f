import { expect } from 'bun:test';
import { TRPCError } from '@trpc/server';

/** Await `promise` and check it failed with this tRPC code (and message, when given). */
export async function expectTRPCError(promise: Promise<unknown>, code: TRPCError['code'], message?: string | RegExp) {
  let caught: unknown;
  try {
    await promise;
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(TRPCError);
  const err = caught as TRPCError;
  expect(err.code).toBe(code);
  if (typeof message === 'string') expect(err.message).toBe(message);
  else if (message) expect(err.message).toMatch(message);
  return err;
}

export const DENIED = {
  admin: 'Access denied: the Admin Dashboard requires admin privileges',
  company: 'Access denied: the Company Portal requires company privileges',
  rider: 'Access denied: the Rider Portal requires rider privileges',
  ocr: 'Access denied: Scanning (OCR) requires rider or admin privileges',
  manageCompanies: 'Access denied: Managing companies requires admin privileges',
  ownRider: 'Access denied: you may only act for your own rider account',
  signedOut: 'You need to sign in',
} as const;

/** The first validation issue behind a BAD_REQUEST, as the wire shows it: "field: message". */
export function firstIssue(err: TRPCError): string {
  const cause = err.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined;
  const issue = cause?.issues?.[0];
  if (!issue) return err.message;
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** An import refused for its row errors: nothing imported, the rows counted as given, each error a line (rowErrorLines). */
export function expectImportRefused(
  res: { imported: number; totalRows: number; validRows: number; errors: { row: number; field: string; message: string }[] },
  rows: { total: number; valid: number },
  errors: string[],
) {
  expect({ imported: res.imported, total: res.totalRows, valid: res.validRows, errors: rowErrorLines(res.errors) }).toEqual({ imported: 0, ...rows, errors });
}

/** Row errors (an import's) as lines, "row 4 customerEmail: Invalid email format": a long list reads as a table. */
export const rowErrorLines = (errors: { row: number; field: string; message: string }[]) => errors.map((e) => `row ${e.row}${e.field ? ` ${e.field}` : ''}: ${e.message}`);

/** A response's status and the headers named (only those), in one comparison. */
export function expectStatusAndHeaders(res: Response, status: number, headers: Record<string, string>) {
  expect({ status: res.status, ...Object.fromEntries(Object.keys(headers).map((h) => [h, res.headers.get(h)])) }).toEqual({ status, ...headers });
}

/** A refusal as the REST doors answer it: the status and { success: false, message, error: { code, message } }. */
export async function expectRefused(res: Response, status: number, code: string, message: string) {
  expect(res.status).toBe(status);
  expect(await res.json()).toEqual({ success: false, message, error: { code, message } });
}
