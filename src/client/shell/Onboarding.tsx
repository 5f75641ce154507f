import { lazy, Suspense, useEffect, useState } from 'react';
import type { MessageKey } from '../../shared/i18n';
import { setupCompleteStored } from '../../shared/onboarding-keys';
import { normalizeRole, type Role } from '../../shared/permissions';
import type { SessionUser } from '../../shared/schemas/auth';
import { useT } from '../i18n';

/** The onboarding's steps, progress and modal: loaded only where the setup is not finished in this browser. */
const OnboardingFlow = lazy(() => import('./OnboardingFlow').then((m) => ({ default: m.OnboardingFlow })));

/** The closed, empty <dialog> the onboarding modal is while it is not shown. */
export function ClosedOnboarding({ role }: { role: Role }) {
  const t = useT();
  return <dialog className="modal" data-testid="onboarding-modal" aria-label={t(`onboarding.title.${role}` as MessageKey)} />;
}

/**
 * The per-role onboarding (spec sections 2, 3, 4), mounted once by PortalGuard. A user who finished the setup in
 * this browser never sees it again, so the portal does not load it (issue 20 item 9: the rider app's first download).
 */
export function Onboarding({ user }: { user: SessionUser }) {
  const role = normalizeRole(user.role) ?? 'rider';
  // Decided after the first render, as the flow always did: the server's rendering of /app (no storage) and the
  // hydrating first render are the same closed dialog.
  const [flow, setFlow] = useState(false);
  useEffect(() => setFlow(!setupCompleteStored(role, user.id)), [role, user.id]);
  if (!flow) return <ClosedOnboarding role={role} />;
  return (
    <Suspense fallback={<ClosedOnboarding role={role} />}>
      <OnboardingFlow user={user} />
    </Suspense>
  );
}
