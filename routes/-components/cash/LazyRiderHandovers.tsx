import { lazy, Suspense } from 'react';
import type { Currency } from '../../../src/shared/money';

const Panel = lazy(() => import('./RiderHandovers').then((m) => ({ default: m.RiderHandovers })));

/**
 * The rider's hand-over list (codes, QR, statuses), downloaded just after the first paint: it sits below the
 * Submit Cash form, so it is no part of /app's first download (issue 10 budgets). The service worker precaches
 * the chunk, so it loads offline as well. Same props and behaviour as RiderHandovers.tsx.
 */
export function RiderHandovers({ currency }: { currency: Currency }) {
  return (
    <Suspense fallback={null}>
      <Panel currency={currency} />
    </Suspense>
  );
}
