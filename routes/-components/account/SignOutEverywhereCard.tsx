import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useT } from '../../../src/client/i18n';
import { sessionQuery } from '../../../src/client/session';
import { toast } from '../../../src/client/toast';
import { trpcClient } from '../../../src/client/trpc';
import { Icon } from '../../../src/client/ui/Icon';
import { answerText } from './password-form';

/** Sign out everywhere: every session ends, this one too, after a confirmation; then the login page. */
export function SignOutEverywhereCard() {
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const everywhere = useMutation({
    mutationFn: () => trpcClient.auth.signOutEverywhere.mutate(),
    onSuccess: () => {
      queryClient.setQueryData(sessionQuery().queryKey, null);
      toast({ title: t('account.everywhere.title'), description: t('account.everywhere.done'), variant: 'success' });
      void navigate({ to: '/login', replace: true });
    },
    onError: (err) => toast({ title: t('account.failed'), description: answerText(err, t), variant: 'destructive' }),
  });
  return (
    <section className="card border border-base-300 bg-base-100 shadow-sm" data-testid="sign-out-everywhere">
      <div className="card-body gap-3">
        <h2 className="card-title">
          <Icon name="logout" className="size-5 text-error" /> {t('account.everywhere.title')}
        </h2>
        <p className="text-sm text-base-content/80">{t('account.everywhere.text')}</p>
        {confirming ? (
          <div role="alert" className="alert alert-warning flex flex-col items-stretch gap-3 sm:flex-row sm:items-center">
            <span className="grow text-sm font-medium">{t('account.everywhere.confirm')}</span>
            <div className="flex gap-2">
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setConfirming(false)}>
                {t('account.everywhere.cancel')}
              </button>
              <button type="button" className="btn btn-error btn-sm" disabled={everywhere.isPending} onClick={() => everywhere.mutate()} data-testid="sign-out-everywhere-confirm">
                {t('account.everywhere.submit')}
              </button>
            </div>
          </div>
        ) : (
          <div className="card-actions justify-end">
            <button type="button" className="btn btn-outline btn-error" onClick={() => setConfirming(true)}>
              {t('account.everywhere.submit')}
            </button>
          </div>
        )}
      </div>
    </section>
  );
}
