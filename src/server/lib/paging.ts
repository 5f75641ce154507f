import { and, type SQL } from 'drizzle-orm';

/** Offset paging shared by the oversight lists. */
export function pageWindow(page: number, pageSize: number) {
  return { limit: pageSize, offset: (page - 1) * pageSize };
}

export function paged<T>(items: T[], total: number, page: number, pageSize: number) {
  return { items, total, page, pageSize, pages: Math.max(1, Math.ceil(total / pageSize)) };
}

/**
 * One page of a filtered list: `rows` reads the page at `limit`/`offset`, `count` counts every match,
 * both under the same filters (all of `where`, none when empty), at once.
 */
export async function pageOf<T>(
  input: { page: number; pageSize: number },
  where: SQL[],
  rows: (cond: SQL | undefined, window: { limit: number; offset: number }) => Promise<T[]>,
  count: (cond: SQL | undefined) => Promise<{ n: number }[]>,
) {
  const cond = where.length ? and(...where) : undefined;
  const [items, [total]] = await Promise.all([rows(cond, pageWindow(input.page, input.pageSize)), count(cond)]);
  return paged(items, total?.n ?? 0, input.page, input.pageSize);
}

/** A LIKE pattern for a user's search text, with % and _ taken literally. */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
