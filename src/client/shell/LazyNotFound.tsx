import { lazy } from 'react';

/** The 404 screen, fetched when a page is not found: the first download of the pages that exist does not carry it. */
export const LazyNotFound = lazy(() => import('./NotFound').then((m) => ({ default: m.NotFound })));
