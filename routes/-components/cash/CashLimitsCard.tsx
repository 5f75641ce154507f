import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { numberText, numericInput } from '../../../src/client/format';
import { useLocale, useT } from '../../../src/client/i18n';
import { noticeTime } from '../../../src/client/notices/noticeParams';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import { Icon } from '../../../src/client/ui/Icon';
import { formatMoney, MINOR_DIGITS, minorPerUnit, toDecimalString, type Currency } from '../../../src/shared/money';
import { REGIONS } from '../../../src/shared/regions';
import { HOLD_HOURS_MAX, HOLD_HOURS_MIN, MAX_LIMIT_MAJOR, parseLimitAmount } from '../../../src/shared/schemas/cash-limits';

type Errors = { limit?: string; holdHours?: string };

/** What is wrong with the typed values (empty = the default), in the UI's language. */
function useValidate(currency: Currency | undefined) {
  const t = useT();
  return (amount: string, hours: string): Errors => {
    const errors: Errors = {};
    if (currency && amount.trim()) {
      const parsed = parseLimitAmount(amount, currency);
      if (!parsed.ok)
        errors.limit =
          parsed.problem === 'tooLarge'
            ? t('reconcile.error.amountTooLarge', { amount: formatMoney(MAX_LIMIT_MAJOR * minorPerUnit(currency), currency) })
            : t('reconcile.error.amount', { digits: MINOR_DIGITS[currency] });
    }
    const h = hours.trim();
    if (h && (!/^\d+$/.test(h) || Number(h) < HOLD_HOURS_MIN || Number(h) > HOLD_HOURS_MAX)) errors.holdHours = t('reconcile.error.hours');
    return errors;
  };
}

/** Company cash tab (issue 9): what a rider may hold and for how long (empty = the default), and who is blocked now. */
export function CashLimitsCard() {
  const t = useT();
  const qc = useQueryClient();
  const { data } = useQuery(trpc.company.cashLimits.queryOptions());
  const [amount, setAmount] = useState('');
  const [hours, setHours] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const validate = useValidate(data?.currency);
  useEffect(() => {
    if (!data) return;
    setAmount(data.limitSetting === null ? '' : toDecimalString(data.limitSetting, data.currency));
    setHours(data.holdHoursSetting === null ? '' : String(data.holdHoursSetting));
  }, [data]);
  const save = useMutation(
    trpc.company.setCashLimits.mutationOptions({
      onSuccess: (next) => {
        qc.setQueryData(trpc.company.cashLimits.queryKey(), next);
        void qc.invalidateQueries({ queryKey: trpc.company.cashLimitRiders.queryKey() });
        void qc.invalidateQueries({ queryKey: trpc.company.notices.queryKey() });
        setErrors({});
        toast({ title: t('reconcile.limits.saved'), variant: 'success' });
      },
      onError: (err) => {
        const field = (err.data as { field?: string } | undefined)?.field;
        const message = err.message.replace(/^(limit|holdHours): /, '');
        if (field === 'limit' || field === 'holdHours') setErrors({ [field]: message });
        toast({ title: t('error.generic'), description: message, variant: 'destructive' });
      },
    }),
  );
  if (!data) return <div className="skeleton h-48 w-full" />;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = validate(amount, hours);
    setErrors(found);
    if (found.limit || found.holdHours) return;
    save.mutate({ limit: amount.trim() || null, holdHours: hours.trim() || null });
  };
  const dirty = amount.trim() !== (data.limitSetting === null ? '' : toDecimalString(data.limitSetting, data.currency)) || hours.trim() !== (data.holdHoursSetting === null ? '' : String(data.holdHoursSetting));
  const defaults = data.limitSetting === null && data.holdHoursSetting === null;

  return (
    <Card title={t('reconcile.limits.title')}>
      <p className="text-sm text-base-content/70">{t('reconcile.limits.hint')}</p>
      <p className="flex items-start gap-2 rounded-box bg-base-200/60 px-3 py-2 text-sm" data-testid="cash-limits-in-force">
        <Icon name="cash" className="mt-0.5 size-4 shrink-0" />
        <span className="font-medium tabular-nums">{t('reconcile.limits.inForce', { amount: formatMoney(data.limitMinor, data.currency), hours: numberText(data.holdHours) })}</span>
      </p>
      <form className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]" onSubmit={submit} noValidate data-testid="cash-limits-form">
        <label className="flex flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {t('reconcile.limits.amount', { currency: data.currency })}
            <SettingBadge isDefault={data.limitSetting === null} testId="cash-limit-amount" />
          </span>
          <input
            className={`input w-full tabular-nums ${errors.limit ? 'input-error' : ''}`}
            name="limit"
            type="text"
            inputMode="decimal"
            dir="ltr"
            autoComplete="off"
            placeholder={toDecimalString(data.defaultLimitMinor, data.currency)}
            value={amount}
            aria-invalid={Boolean(errors.limit)}
            aria-describedby="cash-limit-help"
            onChange={(e) => {
              setAmount(numericInput(e.target.value));
              setErrors((x) => ({ ...x, limit: undefined }));
            }}
            data-testid="cash-limit-input"
          />
          <span id="cash-limit-help" className={`text-xs ${errors.limit ? 'text-error' : 'text-base-content/70'}`} data-testid="cash-limit-help">
            {errors.limit ?? t('reconcile.limits.amountDefault', { amount: formatMoney(data.defaultLimitMinor, data.currency) })}
          </span>
        </label>
        <label className="flex flex-col gap-1">
          <span className="flex flex-wrap items-center gap-2 text-sm font-medium">
            {t('reconcile.limits.hours')}
            <SettingBadge isDefault={data.holdHoursSetting === null} testId="cash-limit-hours" />
          </span>
          <input
            className={`input w-full tabular-nums ${errors.holdHours ? 'input-error' : ''}`}
            name="holdHours"
            type="text"
            inputMode="numeric"
            dir="ltr"
            autoComplete="off"
            placeholder={String(data.defaultHoldHours)}
            value={hours}
            aria-invalid={Boolean(errors.holdHours)}
            aria-describedby="cash-hours-help"
            onChange={(e) => {
              setHours(numericInput(e.target.value));
              setErrors((x) => ({ ...x, holdHours: undefined }));
            }}
            data-testid="cash-hours-input"
          />
          <span id="cash-hours-help" className={`text-xs ${errors.holdHours ? 'text-error' : 'text-base-content/70'}`} data-testid="cash-hours-help">
            {errors.holdHours ?? t('reconcile.limits.hoursDefault', { hours: numberText(data.defaultHoldHours) })}
          </span>
        </label>
        <div className="flex flex-wrap gap-2 sm:pt-6">
          <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending} data-testid="cash-limits-save">
            {t('reconcile.limits.save')}
          </button>
          <button type="button" className="btn btn-ghost" disabled={defaults || save.isPending} onClick={() => save.mutate({ limit: null, holdHours: null })} data-testid="cash-limits-defaults">
            {t('reconcile.limits.useDefaults')}
          </button>
        </div>
      </form>
      <BlockedRiders />
    </Card>
  );
}

/** Whether a value is the default or the company's own. */
function SettingBadge({ isDefault, testId }: { isDefault: boolean; testId: string }) {
  const t = useT();
  return (
    <span className="font-normal" data-testid={testId} data-default={isDefault}>
      <Badge tone={isDefault ? 'ghost' : 'primary'}>{isDefault ? t('reconcile.limits.default') : t('reconcile.limits.custom')}</Badge>
    </span>
  );
}

/** Riders who may take no cash orders now, and why. */
function BlockedRiders() {
  const t = useT();
  const locale = useLocale();
  const { data: riders } = useQuery(trpc.company.cashLimitRiders.queryOptions());
  if (!riders) return null;
  return (
    <section className="space-y-2" data-testid="cash-blocked">
      <h3 className="font-semibold">{t('reconcile.limits.blockedTitle')}</h3>
      {riders.length === 0 ? (
        <p className="flex items-center gap-2 text-sm text-base-content/70">
          <Icon name="check" className="size-4 text-success" />
          {t('reconcile.limits.noneBlocked')}
        </p>
      ) : (
        <ul className="divide-y divide-base-200 rounded-box border border-base-300">
          {riders.map((r) => (
            <li key={`${r.riderId}:${r.currency}`} className="flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm" data-testid="cash-blocked-rider">
              <span className="font-medium">{r.riderName}</span>
              {r.reasons.map((reason) => (
                <Badge key={reason} tone="error">
                  {t(reason === 'amount' ? 'reconcile.limits.reason.amount' : 'reconcile.limits.reason.overdue')}
                </Badge>
              ))}
              <span className="tabular-nums" data-testid="cash-blocked-uncounted">
                {t('reconcile.limits.uncounted', { amount: formatMoney(r.uncountedMinor, r.currency), hand: formatMoney(r.handMinor, r.currency), transit: formatMoney(r.transitMinor, r.currency) })}
              </span>
              {r.since ? <span className="text-base-content/70">{t('reconcile.limits.since', { since: noticeTime(r.since, locale, REGIONS[r.region]) })}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
