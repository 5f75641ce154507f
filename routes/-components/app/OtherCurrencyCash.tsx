import { money } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { useRider } from './RiderContext';

/**
 * Cash the rider still answers for in a currency other than the one the card shows (issue 9 review):
 * the card shows the currency the rider holds cash in, the company's first, and hands it over; once it
 * is handed over the card moves to the next. This line keeps the others in view meanwhile.
 */
export function OtherCurrencyCash() {
  const t = useT();
  const { dash, cash } = useRider();
  // A dashboard cached by an older version has no per-currency list.
  const others = (dash?.cashByCurrency ?? []).filter((c) => c.currency !== cash?.currency && c.outstanding !== 0);
  if (!others.length) return null;
  return (
    <p className="rounded-box bg-warning/15 px-3 py-2 text-sm" data-testid="app-cash-other">
      {t('app.cash.otherCurrencies', { amounts: others.map((c) => money(c.outstanding, c.currency)).join(' · ') })}
    </p>
  );
}
