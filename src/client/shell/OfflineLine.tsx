import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { dateLocale, dateTimeFormat } from '../format';
import { useT } from '../i18n';
import { useOnline } from '../outbox/hooks';
import { lastSyncedAt } from '../persist/rider-queries';
import { useSession } from '../session';
import { Icon } from '../ui/Icon';

/** HH:MM (24-hour) on this phone's clock, in the UI's language. */
const clockTime = (ms: number) => dateTimeFormat(dateLocale(), { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(ms);

/**
 * "Offline — last synced HH:MM" while the rider's screens show kept answers (no network, or the server could not
 * be asked), with the time of the server's last answer; null while connected.
 */
export function useOfflineLine(): string | null {
  const t = useT();
  const online = useOnline();
  const { unreachable } = useSession();
  const queryClient = useQueryClient();
  const connected = online && !unreachable;
  // Read (and followed) only while the line shows: connected, the screen neither walks the cache on each of its
  // changes nor hydrates the server's rendering (null) into a second render for a time it does not show.
  const subscribe = useCallback((l: () => void) => (connected ? () => undefined : queryClient.getQueryCache().subscribe(l)), [queryClient, connected]);
  const last = useSyncExternalStore(subscribe, () => (connected ? null : lastSyncedAt(queryClient)), () => null);
  if (connected) return null;
  return last ? t('offline.lastSynced', { time: clockTime(last) }) : t('outbox.offline');
}

/** The line as a banner (the rider dashboard, /rider; the rider app says it in its sync banner). */
export function OfflineLine() {
  const line = useOfflineLine();
  if (!line) return null;
  return (
    <div role="status" className="alert alert-warning py-2" data-testid="offline-line">
      <Icon name="cloudOff" />
      <span>{line}</span>
    </div>
  );
}
