import { numberText, percent } from '../../../../src/client/format';
import { useT } from '../../../../src/client/i18n';

/** A rider's answers to automatic offers as the server counts them (rate 0–1); null: never offered one. */
export type Acceptance = { offered: number; accepted: number; rate: number } | null;

/** Issue 25: the rider's acceptance rate in the fleet view, with the counts it comes from. */
export function AcceptanceLine({ acceptance }: { acceptance: Acceptance }) {
  const t = useT();
  const offered = acceptance?.offered ?? 0;
  return (
    <p className="mt-2 flex flex-wrap justify-between gap-x-2 text-sm" data-testid="rider-acceptance">
      <span className="text-base-content/70">{t('company.fleet.acceptance')}</span>
      <span className="font-semibold tabular-nums">
        {offered > 0
          ? t('company.fleet.acceptanceValue', { rate: percent(acceptance!.rate * 100), accepted: numberText(acceptance!.accepted), offered: numberText(offered) })
          : t('company.fleet.acceptanceNone')}
      </span>
    </p>
  );
}
