import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useEffectEvent, type ReactNode } from 'react';
import { guardRoute, type GuardedRoute } from '../../shared/guards';
import type { SessionUser } from '../../shared/schemas/auth';
import { useT } from '../i18n';
import { SESSION_QUERY_KEY, useSession } from '../session';
import { Onboarding } from './Onboarding';
import { toast } from '../toast';
import { FullScreenLoader } from '../ui/Spinner';

/** After the connection returns, a rider portal checks the session again this much later. */
const RECONNECT_RECHECK_MS = 1500;
/** A rider's answers start being kept on the device this long after the portal opens (everything so far is kept then). */
const PERSIST_AFTER_MS = 2500;

/**
 * Spec section 6 guards: while the session loads, the loading screen; then either
 * the portal, or the spec's toast and a redirect after its delay.
 */
export function PortalGuard({ route, children }: { route: GuardedRoute; children: (user: SessionUser) => ReactNode }) {
  const t = useT();
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const decision = isLoading ? null : guardRoute(route, user);
  const queryClient = useQueryClient();

  // A rider portal asks about the session again a moment after the connection returns (the check the `online`
  // event starts at once often fails: the network is not carrying yet); a session ended meanwhile is found then.
  const riderPortal = route === '/app' || route === '/rider';
  useEffect(() => {
    if (!riderPortal) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const recheck = () => {
      clearTimeout(timer);
      timer = setTimeout(() => void queryClient.refetchQueries({ queryKey: SESSION_QUERY_KEY as unknown as readonly unknown[] }), RECONNECT_RECHECK_MS);
    };
    window.addEventListener('online', recheck);
    return () => {
      window.removeEventListener('online', recheck);
      clearTimeout(timer);
    };
  }, [riderPortal, queryClient]);

  // A rider in their portal: their answers are kept on the device from now on (src/client/persist), for an offline
  // start. Its code loads after the first paint and the screen's own answers, not with them (issue 20 item 9).
  const keeper = decision?.kind === 'allow' && user?.role === 'rider' && riderPortal ? user.id : null;
  useEffect(() => {
    if (!keeper) return;
    const timer = setTimeout(() => void import('../persist/rider-cache').then((m) => m.startRiderCache(queryClient, keeper)), PERSIST_AFTER_MS);
    return () => clearTimeout(timer);
  }, [keeper, queryClient]);

  // guardRoute answers with a new object on every render: the redirect starts again only for a new destination.
  const redirectTo = decision?.kind === 'redirect' ? decision.to : null;
  const startRedirect = useEffectEvent(() => {
    if (decision?.kind !== 'redirect') return undefined;
    if (decision.toast) {
      const { title, description, params = {}, literals = {}, variant } = decision.toast;
      const values = { ...literals, ...Object.fromEntries(Object.entries(params).map(([k, key]) => [k, t(key)])) };
      toast({ title: t(title, values), description: description ? t(description, values) : undefined, variant });
    }
    const go = () => (decision.fullNavigation ? window.location.assign(decision.to) : navigate({ href: decision.to, replace: true }));
    return setTimeout(go, decision.delayMs);
  });
  useEffect(() => {
    if (redirectTo === null) return;
    const timer = startRedirect();
    return () => clearTimeout(timer);
  }, [redirectTo]);

  if (isLoading) return <FullScreenLoader label={t('app.loading')} />;
  if (!user || decision?.kind !== 'allow') return <FullScreenLoader label={t('app.loading')} />;
  // The onboarding modal on every role portal (not /support, where a user comes for help).
  return (
    <>
      {children(user)}
      {route === '/support' ? null : <Onboarding user={user} />}
    </>
  );
}
