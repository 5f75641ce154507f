import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Modal } from '../../../src/client/ui/Modal';
import { AddRiderDialog } from './AddRiderDialog';
import { EditRiderForm } from './EditRiderDialog';
import { InviteBody } from './InviteDialog';
import { RiderCard, type FleetRider, type RiderAction } from './RiderCard';

type Open = { kind: 'edit' | 'suspend' | 'invite'; rider: FleetRider } | null;

/** Fleet Management: the company's rider cards, Add New Rider, and per rider edit, suspend and invite. */
export function FleetTab() {
  const t = useT();
  const queryClient = useQueryClient();
  const { data, isPending } = useQuery(trpc.company.riders.queryOptions());
  const { data: profile } = useQuery(trpc.company.profile.queryOptions());
  const rates = useQuery(trpc.company.acceptanceRates.queryOptions());
  const acceptanceOf = (riderId: string) => (rates.data ? (rates.data[riderId] ?? null) : undefined);
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const status = useMutation(
    trpc.company.setRiderStatus.mutationOptions({
      onSuccess: async (res, input) => {
        const name = data?.find((r) => r.id === input.id)?.name ?? '';
        toast({ title: t(res.status === 'active' ? 'company.fleet.reactivated' : 'company.fleet.suspended', { name }), variant: 'success' });
        close();
        await queryClient.invalidateQueries({ queryKey: trpc.company.riders.queryKey() });
      },
      onError: (err) => toast({ title: t('company.fleet.saveFailed'), description: err.message, variant: 'destructive' }),
    }),
  );
  const onAction = (action: RiderAction, rider: FleetRider) => {
    if (action === 'reactivate') status.mutate({ id: rider.id, status: 'active' });
    else setOpen({ kind: action, rider });
  };
  return (
    <section className="space-y-4 pb-16" data-testid="fleet-tab">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 className="text-xl font-semibold">{t('company.fleet.heading')}</h2>
          {data ? <p className="text-sm text-base-content/70">{t('company.fleet.count', { count: data.length })}</p> : null}
        </div>
        <button type="button" className="btn btn-primary" onClick={() => setAdding(true)} data-tour="add-rider" data-testid="add-rider">
          <span aria-hidden="true" className="text-lg leading-none">+</span>
          {t('company.fleet.add')}
        </button>
      </div>
      {isPending ? <div className="skeleton h-40 w-full" /> : null}
      {data && data.length === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-10 text-center" data-testid="fleet-empty">
          <p className="text-lg font-semibold">{t('company.fleet.empty')}</p>
          <p className="mt-1 text-sm text-base-content/70">{t('company.fleet.emptyText')}</p>
        </div>
      ) : null}
      {data && data.length > 0 ? (
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="fleet-list">
          {data.map((r) => (
            <RiderCard key={r.id} rider={r} onAction={onAction} busy={status.isPending} acceptance={acceptanceOf(r.id)} />
          ))}
        </div>
      ) : null}
      <AddRiderDialog open={adding} onClose={() => setAdding(false)} currency={profile?.currency} />
      <Modal open={open?.kind === 'edit'} onClose={close} title={t('company.fleet.editTitle')} testId="edit-rider-dialog">
        {open?.kind === 'edit' ? <EditRiderForm rider={open.rider} onDone={close} /> : null}
      </Modal>
      <Modal open={open?.kind === 'suspend'} onClose={close} title={t('company.fleet.suspendTitle', { name: open?.rider.name ?? '' })} testId="suspend-dialog">
        <p className="text-sm text-base-content/80">{t('company.fleet.suspendText')}</p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('form.cancel')}
          </button>
          <button
            type="button"
            className="btn btn-warning"
            disabled={status.isPending}
            onClick={() => open && status.mutate({ id: open.rider.id, status: 'suspended' })}
            data-testid="suspend-confirm"
          >
            {t('company.fleet.suspend')}
          </button>
        </div>
      </Modal>
      <Modal open={open?.kind === 'invite'} onClose={close} title={t(open?.rider.signedUp ? 'company.reset.title' : 'company.invite.title', { name: open?.rider.name ?? '' })} testId="invite-dialog">
        {open?.kind === 'invite' ? <InviteBody rider={open.rider} /> : null}
      </Modal>
    </section>
  );
}
