import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createContext, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { onOutboxSettled, startOutbox } from '../../../src/client/outbox';
import { useOutbox } from '../../../src/client/outbox/hooks';
import { trpc } from '../../../src/client/trpc';
import type { SessionUser } from '../../../src/shared/schemas/auth';
import { sendLocation, type Fix } from './actions';
import { forDuty, ledgerStore, addPosition, type Ledger } from './ledger';
import { useLocal, type Local } from './local';
import {
  applyCashWrites,
  applyDutyWrites,
  applyOrderWrites,
  dutyFromServer,
  kindOf,
  unseenWrites,
  type CashView,
  type Duty,
  type ServerDashboard,
  type ViewOrder,
} from './overlay';
import { useGeo, type GeoStatus } from './useGeo';
import { useWarmRiderQueries } from '../rider/warm';

/** Spec: while on duty a location goes to the server at most every 30 s. */
export const LOCATION_EVERY_MS = 30_000;

interface RiderState {
  user: SessionUser;
  riderId: string | null;
  duty: Duty | null;
  dutyKnown: boolean;
  orders: ViewOrder[] | undefined;
  /** The orders could not be fetched and none are cached. */
  ordersFailed: boolean;
  dash: ServerDashboard | undefined;
  cash: CashView | undefined;
  ledger: Ledger;
  ledgerStore: Local<Ledger>;
  geo: { fix: Fix | null; status: GeoStatus; request: () => Promise<Fix | null> };
}

const Ctx = createContext<RiderState | null>(null);

export function useRider(): RiderState {
  const v = useContext(Ctx);
  if (!v) throw new Error('useRider outside RiderProvider');
  return v;
}

export function RiderProvider({ user, children }: { user: SessionUser; children: ReactNode }) {
  const qc = useQueryClient();
  // Their last answers come from the rider's persisted query cache on an offline start (src/client/persist).
  const dutyQ = useQuery(trpc.rider.duty.queryOptions());
  const ordersQ = useQuery(trpc.rider.orders.queryOptions());
  const dashQ = useQuery(trpc.rider.dashboard.queryOptions());
  useWarmRiderQueries(qc);

  const { pending, done } = useOutbox();
  const store = useMemo(() => ledgerStore(user.id), [user.id]);
  const rawLedger = useLocal(store);

  // App start: replay what waits; afterwards refetch once a burst of writes has settled.
  useEffect(() => {
    void startOutbox(user.id);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const off = onOutboxSettled(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        void qc.invalidateQueries({ queryKey: trpc.rider.pathKey() });
        void qc.invalidateQueries({ queryKey: trpc.tracking.today.queryKey() });
      }, 300);
    });
    return () => {
      off();
      clearTimeout(timer);
    };
  }, [user.id, qc]);

  const pendingKeys = useMemo(() => new Set(pending.map((p) => p.key)), [pending]);
  const duty = useMemo(
    () => applyDutyWrites(dutyFromServer(dutyQ.data ?? undefined), unseenWrites(pending, done, dutyQ.dataUpdatedAt)),
    [dutyQ.data, dutyQ.dataUpdatedAt, pending, done],
  );
  const orders = useMemo(
    () => (ordersQ.data ? applyOrderWrites(ordersQ.data, unseenWrites(pending, done, ordersQ.dataUpdatedAt), pendingKeys) : undefined),
    [ordersQ.data, ordersQ.dataUpdatedAt, pending, done, pendingKeys],
  );
  const cash = useMemo(
    () => (dashQ.data ? applyCashWrites(dashQ.data, unseenWrites(pending, done, dashQ.dataUpdatedAt)) : undefined),
    [dashQ.data, dashQ.dataUpdatedAt, pending, done],
  );

  // The ledger follows the duty: a new duty starts from zero, off duty it is empty.
  const dutyKnown = dutyQ.data !== undefined || dutyQ.isError || dutyQ.fetchStatus === 'paused' || pending.some((p) => kindOf(p)?.startsWith('duty.'));
  const startTime = duty?.startTime ?? null;
  // (Only on a real answer or the rider's own write: a failed fetch must not wipe a duty's figures.)
  const dutyConfirmed = dutyQ.data !== undefined || pending.some((p) => kindOf(p)?.startsWith('duty.'));
  useEffect(() => {
    if (dutyConfirmed && store.get().startTime !== startTime) store.set((l) => forDuty(l, startTime));
  }, [dutyConfirmed, startTime, store]);
  // Kept while neither changes (forDuty makes a new empty ledger for a duty not yet stored).
  const ledger = useMemo(() => forDuty(rawLedger, startTime), [rawLedger, startTime]);

  const geo = useGeo(duty !== null);
  const requestFix = geo.request;
  const riderId = user.roleData.id ?? dashQ.data?.riderId ?? null;

  // While on duty: a ping at most every 30 s, with the phone's time of the reading.
  // (startTime is null exactly when there is no duty; requestFix is stable.)
  useEffect(() => {
    if (startTime === null || !riderId) return;
    let cancelled = false;
    const ping = async () => {
      if (Date.now() - store.get().lastLocationAt < LOCATION_EVERY_MS - 1_000) return;
      const fix = await requestFix();
      if (!fix || cancelled) return;
      store.set((l) => addPosition(forDuty(l, startTime), fix, fix.accuracy, Date.now()));
      await sendLocation(riderId, fix);
    };
    void ping();
    const id = setInterval(() => void ping(), LOCATION_EVERY_MS);
    return () => {
      cancelled = true;
      clearInterval(id);
    };
  }, [startTime, riderId, store, requestFix]);

  const ordersFailed = !ordersQ.data && (ordersQ.isError || ordersQ.fetchStatus === 'paused');
  // A new value only when something in it changed: a query's fetch starting or the outbox settling with nothing new
  // re-renders this provider, and without this every card of the app with it.
  const value = useMemo<RiderState>(
    () => ({ user, riderId, duty, dutyKnown, orders, ordersFailed, dash: dashQ.data, cash, ledger, ledgerStore: store, geo }),
    [user, riderId, duty, dutyKnown, orders, ordersFailed, dashQ.data, cash, ledger, store, geo],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}
