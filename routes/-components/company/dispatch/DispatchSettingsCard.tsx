import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { numberText, numericInput } from '../../../../src/client/format';
import { useT } from '../../../../src/client/i18n';
import { toast } from '../../../../src/client/toast';
import { trpc } from '../../../../src/client/trpc';
import { Card } from '../../../../src/client/ui/Card';
import { FormField } from '../../../../src/client/ui/FormField';
import { DISPATCH_MODES } from '../../../../src/shared/schemas/dispatch';
import { draftOf, NUMBER_FIELDS, parseDraft, rangeOf, type DispatchDraft, type NumberField } from './dispatch-form';

const LABEL = {
  offerSeconds: 'dispatchSettings.offerSeconds',
  maxAttempts: 'dispatchSettings.maxAttempts',
  batchRadiusMeters: 'dispatchSettings.batchRadius',
  timeoutsToPause: 'dispatchSettings.timeoutsToPause',
  maxLoad: 'dispatchSettings.maxLoad',
} as const;
const MODE_TEXT = { manual: ['dispatchSettings.mode.manual', 'dispatchSettings.mode.manualText'], auto: ['dispatchSettings.mode.auto', 'dispatchSettings.mode.autoText'] } as const;

/** Issue 25: how the company's new orders reach riders (by hand or offered automatically), and the dispatcher's limits. */
export function DispatchSettingsCard() {
  const t = useT();
  const qc = useQueryClient();
  const { data } = useQuery(trpc.company.dispatchSettings.queryOptions());
  const [draft, setDraft] = useState<DispatchDraft | null>(null);
  const [bad, setBad] = useState<ReadonlySet<NumberField>>(new Set());
  useEffect(() => {
    if (data) setDraft(draftOf(data));
  }, [data]);
  const save = useMutation(
    trpc.company.saveDispatchSettings.mutationOptions({
      onSuccess: (next) => {
        qc.setQueryData(trpc.company.dispatchSettings.queryKey(), next);
        toast({ title: t('dispatchSettings.saved'), variant: 'success' });
      },
      onError: (err) => toast({ title: t('error.generic'), description: err.message, variant: 'destructive' }),
    }),
  );
  if (!data || !draft) return <div className="skeleton h-64 w-full" />;

  const set = (field: NumberField, text: string) => {
    setDraft({ ...draft, [field]: numericInput(text) });
    setBad((b) => new Set([...b].filter((f) => f !== field)));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseDraft(draft);
    if (!parsed.ok) return setBad(new Set(parsed.bad));
    setBad(new Set());
    save.mutate(parsed.value);
  };
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(data));
  const range = (f: NumberField) => {
    const { min, max } = rangeOf(f);
    return { min: numberText(min), max: numberText(max) };
  };

  return (
    <Card title={t('dispatchSettings.title')}>
      <form className="space-y-4" onSubmit={submit} noValidate data-testid="dispatch-settings">
        <p className="text-sm text-base-content/70">{t('dispatchSettings.hint')}</p>
        <fieldset className="grid gap-3 sm:grid-cols-2" role="radiogroup" aria-label={t('dispatchSettings.mode')}>
          {DISPATCH_MODES.map((m) => (
            <label key={m} className={`flex cursor-pointer items-start gap-3 rounded-box border p-4 ${draft.mode === m ? 'border-primary bg-primary/5' : 'border-base-300'}`}>
              <input type="radio" className="radio radio-primary mt-0.5" name="mode" value={m} checked={draft.mode === m} onChange={() => setDraft({ ...draft, mode: m })} data-testid={`dispatch-mode-${m}`} />
              <span>
                <span className="block font-semibold">{t(MODE_TEXT[m][0])}</span>
                <span className="block text-sm text-base-content/70">{t(MODE_TEXT[m][1])}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2 lg:grid-cols-3">
          {NUMBER_FIELDS.map((f) => (
            <FormField key={f} label={t(LABEL[f])} error={bad.has(f) ? t('dispatchSettings.error.range', range(f)) : undefined}>
              <input
                className="input w-full tabular-nums"
                name={f}
                type="text"
                inputMode="numeric"
                dir="ltr"
                autoComplete="off"
                value={draft[f]}
                onChange={(e) => set(f, e.target.value)}
                data-testid={`dispatch-${f}`}
              />
              {bad.has(f) ? null : (
                <span className="text-xs text-base-content/70">{f === 'batchRadiusMeters' ? t('dispatchSettings.batchRadiusHelp', { max: range(f).max }) : t('dispatchSettings.range', range(f))}</span>
              )}
            </FormField>
          ))}
        </div>
        <div className="flex justify-end">
          <button type="submit" className="btn btn-primary" disabled={!dirty || save.isPending} data-testid="dispatch-save">
            {t('dispatchSettings.save')}
          </button>
        </div>
      </form>
    </Card>
  );
}
