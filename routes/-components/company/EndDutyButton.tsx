import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Modal } from '../../../src/client/ui/Modal';

/**
 * End an on-duty rider's duty (a phone that died, a rider who forgot). What the rider's phone recorded
 * meanwhile is resolved when it syncs, and shows in the records to review (issue 20).
 */
export function EndDutyButton({ rider }: { rider: { id: string; name: string } }) {
  const t = useT();
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const end = useMutation(
    trpc.company.endRiderDuty.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        toast({ title: t('conflict.endDutyDone', { rider: rider.name }), variant: 'success' });
        void qc.invalidateQueries({ queryKey: trpc.company.riders.queryKey() });
      },
      onError: (err) => toast({ title: t('company.fleet.saveFailed'), description: err.message, variant: 'destructive' }),
    }),
  );
  return (
    <>
      <button type="button" className="btn btn-ghost btn-sm text-error" onClick={() => setOpen(true)} data-testid="rider-end-duty">
        {t('conflict.endDuty')}
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title={t('conflict.endDuty')} testId="end-duty-dialog">
        <p>{t('conflict.endDutyConfirm', { rider: rider.name })}</p>
        <div className="modal-action">
          <button type="button" className="btn btn-ghost" onClick={() => setOpen(false)}>
            {t('outbox.list.close')}
          </button>
          <button type="button" className="btn btn-error" disabled={end.isPending} onClick={() => end.mutate({ id: rider.id })} data-testid="end-duty-confirm">
            {t('conflict.endDuty')}
          </button>
        </div>
      </Modal>
    </>
  );
}
