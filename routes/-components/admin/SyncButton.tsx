import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useState } from 'react';
import type { MessageKey } from '../../../src/shared/i18n';
import { can, requiredPrivilege } from '../../../src/shared/permissions';
import { formatDateTime, REGIONS } from '../../../src/shared/regions';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';

/** Spec section 4: idle → syncing → success | error → idle after 3 s. */
export type SyncStatus = 'idle' | 'syncing' | 'success' | 'error';
export const SYNC_STATUS_RESET_MS = 3000;

const LABEL: Record<SyncStatus, MessageKey> = {
  idle: 'admin.action.sync',
  syncing: 'admin.action.syncing',
  success: 'admin.action.synced',
  error: 'admin.action.syncFailed',
};
const TONE: Record<SyncStatus, string> = { idle: 'btn-primary', syncing: 'btn-primary', success: 'btn-success', error: 'btn-error' };

/** The server answers 503 SERVICE_UNAVAILABLE only when no spreadsheet or service account is configured. */
const notConfigured = (err: unknown) =>
  err instanceof TRPCClientError && (err.data as { code?: string } | undefined)?.code === 'SERVICE_UNAVAILABLE';

/** "Sync Data (Google Sheets)" with its status, toasts and the time of the last successful sync. */
export function SyncButton({ role }: { role: string }) {
  const t = useT();
  const queryClient = useQueryClient();
  const allowed = can(role, 'sync-data');
  const [status, setStatus] = useState<SyncStatus>('idle');
  const last = useQuery({ ...trpc.admin.lastSync.queryOptions(), enabled: allowed });

  useEffect(() => {
    if (status !== 'success' && status !== 'error') return;
    const timer = setTimeout(() => setStatus('idle'), SYNC_STATUS_RESET_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const refreshLast = () => queryClient.invalidateQueries({ queryKey: trpc.admin.lastSync.queryKey() });
  const sync = useMutation(
    trpc.admin.syncSheets.mutationOptions({
      onMutate: () => setStatus('syncing'),
      onSuccess: async () => {
        setStatus('success');
        toast({ title: t('admin.toast.syncComplete'), description: t('admin.toast.syncCompleteText'), variant: 'success' });
        await refreshLast();
      },
      onError: async (err) => {
        setStatus('error');
        const description = notConfigured(err) ? t('admin.sync.notConfigured') : t('admin.toast.syncErrorText');
        toast({ title: t('admin.toast.syncError'), description, variant: 'destructive' });
        await refreshLast();
      },
    }),
  );

  const lastSuccess = last.data?.lastSuccess?.finishedAt;
  const denied = allowed ? undefined : t('guard.denied', { action: t('permission.sync-data'), privilege: requiredPrivilege('sync-data') });
  return (
    <div className="flex flex-col gap-1" data-testid="sync">
      <button
        type="button"
        className={`btn ${TONE[status]} w-full sm:w-auto`}
        disabled={!allowed || status === 'syncing'}
        title={denied}
        aria-busy={status === 'syncing'}
        data-testid="sync-button"
        data-status={status}
        onClick={() => sync.mutate()}
      >
        {status === 'syncing' ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        {t(LABEL[status])}
      </button>
      {allowed && last.isSuccess ? (
        <p className="text-xs text-base-content/70" data-testid="sync-last" aria-live="polite">
          {lastSuccess ? t('admin.sync.lastSynced', { time: t('zone.heading', { label: formatDateTime(new Date(lastSuccess), REGIONS.kuwait), zone: t('zone.kuwait') }) }) : t('admin.sync.never')}
        </p>
      ) : null}
    </div>
  );
}
