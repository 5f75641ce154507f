import { useT } from '../../../../src/client/i18n';
import { useManagerStatus } from './useManagerStatus';

type Account = { id: string; email: string };

/** Suspending asks first: the manager is signed out everywhere and cannot sign in until reinstated. */
export function SuspendBody({ account, onDone }: { account: Account; onDone: () => void }) {
  const t = useT();
  const status = useManagerStatus(account, onDone);
  return (
    <div className="space-y-4">
      <p className="text-sm text-base-content/80">{t('managers.suspend.confirm', { email: account.email })}</p>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-ghost" onClick={onDone}>
          {t('form.cancel')}
        </button>
        <button type="button" className="btn btn-error" disabled={status.pending} onClick={() => status.set(true)} data-testid="suspend-confirm">
          {t('managers.suspend')}
        </button>
      </div>
    </div>
  );
}

/** Reinstating needs no question: the manager may sign in again. */
export function ReinstateButton({ account }: { account: Account }) {
  const t = useT();
  const status = useManagerStatus(account);
  return (
    <button type="button" className="btn btn-outline btn-xs" disabled={status.pending} onClick={() => status.set(false)} data-testid="account-reinstate">
      {t('managers.reinstate')}
    </button>
  );
}
