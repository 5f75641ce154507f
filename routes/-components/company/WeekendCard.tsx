import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Card } from '../../../src/client/ui/Card';
import { REGION_WEEKEND, WEEKEND_LABEL, WEEKENDS, type Weekend } from '../../../src/shared/weekend';

/** Settings card (issue 8): the company's weekend, or its region's default (Kuwait Fri–Sat, UAE Sat–Sun). */
export function WeekendCard() {
  const t = useT();
  const qc = useQueryClient();
  const profile = useQuery(trpc.company.profile.queryOptions());
  const [choice, setChoice] = useState<Weekend | ''>('');
  useEffect(() => {
    if (profile.data) setChoice(profile.data.weekendSetting ?? '');
  }, [profile.data]);
  const save = useMutation(
    trpc.company.setWeekend.mutationOptions({
      onSuccess: (data) => {
        qc.setQueryData(trpc.company.profile.queryKey(), data);
        toast({ title: t('gulf.weekend.saved') });
      },
      onError: (err) => toast({ title: t('error.generic'), description: err.message, variant: 'destructive' }),
    }),
  );
  if (!profile.data) return null;
  const regionDefault = REGION_WEEKEND[profile.data.region];
  const dirty = choice !== (profile.data.weekendSetting ?? '');
  return (
    <Card title={t('gulf.weekend.title')}>
      <form
        className="flex flex-wrap items-end gap-3"
        data-testid="weekend-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ weekend: choice || null });
        }}
      >
        <label className="flex min-w-56 grow flex-col gap-1">
          <span className="text-sm font-medium">{t('gulf.weekend.label')}</span>
          <select className="select w-full" name="weekend" value={choice} onChange={(e) => setChoice(e.target.value as Weekend | '')}>
            <option value="">{t('gulf.weekend.regionDefault', { weekend: t(WEEKEND_LABEL[regionDefault]) })}</option>
            {WEEKENDS.map((w) => (
              <option key={w} value={w}>
                {t(WEEKEND_LABEL[w])}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending}>
          {t('gulf.weekend.save')}
        </button>
      </form>
      <p className="mt-2 text-sm opacity-70">{t('gulf.weekend.hint')}</p>
    </Card>
  );
}

/** The hint beside native date pickers ('Weekend: Fri–Sat'), the weekend named as on this card. */
export function WeekendLine({ weekend, className = '' }: { weekend: Weekend; className?: string }) {
  const t = useT();
  return (
    <p className={`text-xs text-base-content/70 ${className}`} data-testid="weekend-line">
      {t('gulf.weekend.line', { weekend: t(WEEKEND_LABEL[weekend]) })}
    </p>
  );
}
