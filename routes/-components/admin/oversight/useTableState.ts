import { useState } from 'react';

/** Filters and page of an oversight table; changing a filter goes back to page 1. */
export function useTableState<F extends Record<string, string>>(initial: F) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const set = (key: keyof F) => (value: string) => {
    setFilters((x) => ({ ...x, [key]: value }));
    setPage(1);
  };
  return { f: filters, set, page, setPage };
}
