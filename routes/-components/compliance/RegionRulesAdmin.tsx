import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { numericInput } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Card } from '../../../src/client/ui/Card';
import { FormField } from '../../../src/client/ui/FormField';
import { SEASONAL_RULES, type RegionRuleSettings, type RuleId } from '../../../src/shared/compliance/rules';
import { formatDateTime, REGIONS } from '../../../src/shared/regions';
import { regionRulesInput } from '../../../src/shared/schemas/region-rules';
import type { RouterOutputs } from '../../../src/server/trpc/root';
import { RuleRow } from './RulesCard';
import { regionName, ruleAbout } from './rule-texts';

type Entry = RouterOutputs['admin']['regionRules'][number];
type Toggle = 'summerMotorcycleBan' | 'summerMiddayBreak' | 'iftarPause';
const toggleOf = (rule: RuleId): Toggle | null => (rule === 'iftar_pause' ? 'iftarPause' : rule === 'max_hours' ? null : SEASONAL_RULES[rule].setting);

/** Admin page: each region's working rules (on by default), the daily maximum and the warning before it. */
export function RegionRulesAdmin() {
  const t = useT();
  const q = useQuery(trpc.admin.regionRules.queryOptions());
  if (!q.data) return null;
  return (
    <Card title={t('rules.admin.title')}>
      <p className="text-sm text-base-content/70">{t('rules.admin.hint')}</p>
      <div className="grid gap-4 lg:grid-cols-2" data-testid="region-rules-admin">
        {q.data.map((entry) => (
          <RegionForm key={entry.region} entry={entry} />
        ))}
      </div>
    </Card>
  );
}

function RegionForm({ entry }: { entry: Entry }) {
  const t = useT();
  const qc = useQueryClient();
  const [draft, setDraft] = useState<RegionRuleSettings>(entry.settings);
  const [hours, setHours] = useState(String(entry.settings.maxDailyHours));
  const [warn, setWarn] = useState(String(entry.settings.warnBeforeMinutes));
  const [errors, setErrors] = useState<Record<string, string>>({});
  useEffect(() => {
    setDraft(entry.settings);
    setHours(String(entry.settings.maxDailyHours));
    setWarn(String(entry.settings.warnBeforeMinutes));
  }, [entry.settings]);
  const save = useMutation(
    trpc.admin.regionRulesUpdate.mutationOptions({
      onSuccess: (saved) => {
        qc.setQueryData(trpc.admin.regionRules.queryKey(), (old) => old?.map((e) => (e.region === saved.region ? saved : e)));
        toast({ title: t('rules.admin.saved', { region: regionName(t, saved.region) }), variant: 'success' });
      },
      onError: (err) => toast({ title: t('error.generic'), description: err.message, variant: 'destructive' }),
    }),
  );
  const input = { ...draft, region: entry.region, maxDailyHours: Number(numericInput(hours)), warnBeforeMinutes: Number(numericInput(warn)) };
  const dirty = (Object.keys(entry.settings) as (keyof RegionRuleSettings)[]).some((k) => input[k] !== entry.settings[k]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = regionRulesInput.safeParse({ ...input, maxDailyHours: hours.trim() ? input.maxDailyHours : undefined, warnBeforeMinutes: warn.trim() ? input.warnBeforeMinutes : undefined });
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  };
  const id = (name: string) => `rules-${entry.region}-${name}`;
  return (
    <form className="rounded-box border border-base-300 p-4" onSubmit={submit} noValidate data-testid={`region-rules-${entry.region}`}>
      <h3 className="mb-3 font-semibold">{regionName(t, entry.region)}</h3>
      <ul className="divide-y divide-base-300">
        {entry.rules
          .filter((r) => r.rule !== 'max_hours')
          .map((r) => {
            const key = toggleOf(r.rule)!;
            return (
              <RuleRow
                key={r.rule}
                rule={r}
                control={
                  <input
                    id={id(r.rule)}
                    type="checkbox"
                    className="toggle toggle-primary mt-0.5"
                    checked={draft[key]}
                    aria-label={t(`rules.name.${r.rule}`)}
                    onChange={(e) => setDraft({ ...draft, [key]: e.target.checked })}
                    data-testid={`rules-toggle-${entry.region}-${r.rule}`}
                  />
                }
              >
                <p className="text-sm text-base-content/70">{ruleAbout(t, r.rule, entry.settings)}</p>
              </RuleRow>
            );
          })}
      </ul>
      <div className="mt-3 grid grid-cols-2 gap-3">
        <FormField label={t('rules.admin.maxHours')} error={errors.maxDailyHours}>
          <input id={id('hours')} className="input w-full" inputMode="decimal" value={hours} onChange={(e) => setHours(e.target.value)} data-testid={`rules-hours-${entry.region}`} />
        </FormField>
        <FormField label={t('rules.admin.warnMinutes')} error={errors.warnBeforeMinutes}>
          <input id={id('warn')} className="input w-full" inputMode="numeric" value={warn} onChange={(e) => setWarn(e.target.value)} data-testid={`rules-warn-${entry.region}`} />
        </FormField>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <span className="text-xs text-base-content/70">
          {entry.updatedAt ? t('rules.admin.changed', { when: formatDateTime(new Date(entry.updatedAt), REGIONS[entry.region]) }) : null}
        </span>
        <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending} data-testid={`rules-save-${entry.region}`}>
          {t('rules.admin.save')}
        </button>
      </div>
    </form>
  );
}
