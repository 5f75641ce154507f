import { Suspense, useState } from 'react';
import { useOutbox } from '../../../src/client/outbox/hooks';
import { useT } from '../../../src/client/i18n';
import { Icon } from '../../../src/client/ui/Icon';
import { lazyOnInteraction } from '../../../src/client/ui/lazyOnInteraction';

const OutboxListDialog = lazyOnInteraction(() => import('./OutboxListDialog').then((m) => m.OutboxListDialog));

/**
 * The header's button to the rider's outbox list (OutboxListDialog.tsx), marked when a write was flagged or
 * refused. Outcomes of replays made while the app was closed come from the device's store, so opening the list
 * reads it again.
 */
export function OutboxList() {
  const t = useT();
  const { outcomes, refresh } = useOutbox();
  const [open, setOpen] = useState(false);
  const problems = outcomes.filter((o) => o.state !== 'sent').length;
  const show = () => {
    setOpen(true);
    void refresh();
  };
  return (
    <>
      <button type="button" className="btn btn-ghost btn-square h-11 w-11 indicator" aria-label={t('outbox.list.open')} title={t('outbox.list.open')} onClick={show} data-testid="outbox-list-button">
        <Icon name="receipt" className="size-6" />
        {problems > 0 ? <span className="badge badge-warning badge-xs indicator-item" aria-hidden /> : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <OutboxListDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
