import { Suspense, useEffect, useMemo, useState } from 'react';
import { useOnline, useOutbox } from '../../../src/client/outbox/hooks';
import { useT } from '../../../src/client/i18n';
import { numberText } from '../../../src/client/format';
import { lazyOnInteraction } from '../../../src/client/ui/lazyOnInteraction';
import { RoleBadges } from '../../../src/client/ui/RoleBadges';
import { Icon } from '../../../src/client/ui/Icon';
import { useOfflineLine } from '../../../src/client/shell/OfflineLine';
import { local, useLocal } from './local';
import { notificationsFor } from './notifications';
import { useRider } from './RiderContext';
import { useInstall } from './useInstall';

/** The list opens on a tap: its code comes with the page's first interaction (issue 10 budgets). */
const NotificationList = lazyOnInteraction(() => import('./NotificationList').then((m) => m.NotificationList));
import { OutboxList } from './OutboxList';

export const seenOrdersStore = (userId: string) => local<string[]>(`rider-app:${userId}:seen-orders`, []);

/** What waits to be sent, or that everything is synced; offline is said plainly. */
function SyncState() {
  const t = useT();
  const { count, replay } = useOutbox();
  const online = useOnline();
  if (count > 0)
    return (
      <button
        type="button"
        className="btn btn-warning btn-sm h-11 min-h-11 gap-1.5"
        onClick={() => void replay()}
        data-testid="outbox-pending"
        aria-label={t('outbox.pendingLabel', { count })}
        title={t('outbox.syncNow')}
      >
        <Icon name={online ? 'sync' : 'cloudOff'} className="size-4" />
        <span className="tabular-nums">{numberText(count)}</span>
      </button>
    );
  return (
    <span className={`badge ${online ? 'badge-success' : 'badge-warning'} badge-soft h-8 gap-1`} data-testid="outbox-synced">
      <Icon name={online ? 'check' : 'cloudOff'} className="size-4" />
      {online ? t('outbox.allSynced') : t('outbox.offline')}
    </span>
  );
}

/** Whether `on` has held for `ms` without a break (false again as soon as it does not). */
function useHeldFor(on: boolean, ms: number): boolean {
  const [held, setHeld] = useState(false);
  useEffect(() => {
    if (!on) {
      setHeld(false);
      return undefined;
    }
    const timer = setTimeout(() => setHeld(true), ms);
    return () => clearTimeout(timer);
  }, [on, ms]);
  return on && held;
}

/** Offline (with when the app last heard from the server), or records waiting: said in the page too, where a toast may already have gone. */
export function SyncBanner() {
  const t = useT();
  const { count } = useOutbox();
  const offline = useOfflineLine();
  // Online, a write is usually sent within a moment: the banner waits 4 s before it takes its place in the page,
  // so it does not push the page down under a finger about to tap the next button (a second Submit Cash).
  const stuck = useHeldFor(count > 0, 4_000);
  if (!offline && !stuck) return null;
  return (
    <div role="status" className="alert alert-warning sticky top-14 z-30 py-2" data-testid="sync-banner">
      <Icon name="cloudOff" />
      <span>
        {offline ? <span data-testid="offline-line">{offline}</span> : null}
        {offline && count > 0 ? ' · ' : null}
        {count > 0 ? t('outbox.pendingLabel', { count }) : null}
      </span>
    </div>
  );
}

function Notifications() {
  const t = useT();
  const { user, orders, cash, dash } = useRider();
  const seenStore = useMemo(() => seenOrdersStore(user.id), [user.id]);
  const seen = useLocal(seenStore);
  const n = notificationsFor({ orders: orders ?? [], seen, cash: cash && dash ? { onHand: cash.onHand, currency: cash.currency, reminderAt: dash.cashReminderAt } : null });
  const markRead = () => seenStore.set((s) => [...new Set([...s, ...(orders ?? []).map((o) => o.id)])].slice(-500));
  // The list is drawn once the dropdown is first opened (focus): never on the server, never before it is asked for.
  const [opened, setOpened] = useState(false);
  return (
    <div className="dropdown dropdown-end" onFocus={() => setOpened(true)}>
      <button type="button" tabIndex={0} className="btn btn-ghost btn-square h-11 w-11 indicator" aria-label={t('app.notifications.label', { count: n.count })} data-testid="notifications-button">
        <Icon name="bell" className="size-6" />
        {n.count > 0 ? (
          <span className="badge badge-error badge-sm indicator-item tabular-nums" data-testid="notifications-count">
            {n.count}
          </span>
        ) : null}
      </button>
      <div tabIndex={0} className="dropdown-content z-50 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-box border border-base-300 bg-base-100 p-3 shadow-lg" data-testid="notifications-panel">
        {opened ? (
          <Suspense fallback={null}>
            <NotificationList n={n} onMarkRead={markRead} />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** The app's own header: title, role, sync state, install (when offered), notifications, logout. */
export function AppHeader() {
  const t = useT();
  const { user } = useRider();
  const { canInstall, install } = useInstall();
  return (
    <header className="flex items-start justify-between gap-3 border-b border-base-300 pb-4" data-testid="portal-header">
      <div className="min-w-0 space-y-1.5">
        <h1 className="text-2xl font-bold">{t('app.title')}</h1>
        <p className="truncate text-sm text-base-content/70">{[user.firstName, user.companyName].filter(Boolean).join(' · ')}</p>
        <RoleBadges role={user.role} />
      </div>
      {/* At most what the title leaves (its 'Rider App' on one line): a button that comes later (the browser's install
          offer) wraps into a second row beside the title's column instead of making the header taller and moving
          the whole screen down (Lighthouse's layout shift, issue 20 item 9). */}
      <div className="flex max-w-[calc(100%-8.5rem)] shrink-0 flex-wrap items-center justify-end gap-1">
        <SyncState />
        <OutboxList />
        {canInstall ? (
          <button type="button" className="btn btn-ghost btn-square h-11 w-11" aria-label={t('install.install')} onClick={() => void install()} data-testid="header-install">
            <Icon name="download" className="size-6" />
          </button>
        ) : null}
        <Notifications />
        <a href="/api/logout" className="btn btn-ghost btn-square h-11 w-11" aria-label={t('nav.logout')} title={t('nav.logout')} data-testid="app-logout">
          <Icon name="logout" className="size-6" />
        </a>
      </div>
    </header>
  );
}
