import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Modal } from '../../../src/client/ui/Modal';
import { DISCREPANCY_RESOLUTIONS, type DiscrepancyResolution } from '../../../src/shared/cash/ledger-types';
import type { CompanyHandover } from './ConfirmDialog';
import { resolutionKey } from './labels';
import { FieldError } from '../../../src/client/ui/FieldError';
import { differenceText } from './RiderHandovers';

/**
 * Resolve a counted difference, with a required note: the rider owes it (back to cash on hand), write it
 * off, or it was found. An over-count can be handed back to the rider (found) or kept (write off).
 * `scope` picks the company's or the admin's procedure.
 */
export function ResolveDialog({ h, scope, onClose }: { h: Pick<CompanyHandover, 'id' | 'riderName' | 'amount' | 'counted' | 'difference' | 'currency'>; scope: 'company' | 'admin'; onClose: () => void }) {
  const t = useT();
  const qc = useQueryClient();
  const over = (h.difference ?? 0) < 0;
  const choices = DISCREPANCY_RESOLUTIONS.filter((r) => !(over && r === 'rider_owes'));
  const [resolution, setResolution] = useState<DiscrepancyResolution>(choices[0]!);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const options = {
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: scope === 'company' ? trpc.company.pathKey() : trpc.admin.pathKey() });
      toast({ title: t('handover.resolve.done'), variant: 'success' as const });
      onClose();
    },
    onError: (err: { message: string }) => setError(err.message),
  };
  const company = useMutation(trpc.company.handoverResolve.mutationOptions(options));
  const admin = useMutation(trpc.admin.cashResolve.mutationOptions(options));
  const m = scope === 'company' ? company : admin;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (note.trim().length < 3) return setError(t('handover.resolve.noteRequired'));
    m.mutate({ id: h.id, resolution, note: note.trim() });
  };
  return (
    <Modal open onClose={onClose} title={t('handover.resolve.title')} testId="handover-resolve">
      <form className="space-y-4" onSubmit={submit} noValidate>
        <div className="rounded-box bg-base-200 p-3">
          <p className="font-semibold">{h.riderName}</p>
          <p className="text-sm">{differenceText(t, h)}</p>
        </div>
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium">{t('handover.resolve.how')}</legend>
          {choices.map((r) => (
            <label key={r} className="flex cursor-pointer items-start gap-3 rounded-box border border-base-300 p-3 has-[:checked]:border-primary" data-testid={`resolve-${r}`}>
              <input type="radio" className="radio radio-primary radio-sm mt-0.5" name="resolution" value={r} checked={resolution === r} onChange={() => setResolution(r)} />
              <span>
                <span className="block font-medium">{t(resolutionKey(r, over))}</span>
                <span className="block text-sm text-base-content/70">{t(`${resolutionKey(r, over)}.hint` as Parameters<typeof t>[0])}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <label className="block space-y-1" htmlFor="resolve-note">
          <span className="text-sm font-medium">{t('handover.resolve.note')}</span>
          <textarea id="resolve-note" className="textarea w-full" rows={2} value={note} onChange={(e) => { setNote(e.target.value); setError(null); }} data-testid="resolve-note" />
        </label>
        <FieldError message={error} controlId="resolve-note" testId="resolve-error" className="block text-sm text-error" />
        <div className="flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={m.isPending}>
            {t('riderDash.cash.cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={m.isPending} data-testid="resolve-submit">
            {t('handover.resolve.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
