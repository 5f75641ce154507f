import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type MouseEvent } from 'react';
import type { MessageKey } from '../../shared/i18n';
import {
  completeStep,
  EMPTY_PROGRESS,
  finishSetup,
  markSkipped,
  nextIncompleteStep,
  ONBOARDING_DELAY_MS,
  visitPortal,
  writeProgress,
  type KeyValueStore,
  type OnboardingProgress,
} from '../../shared/onboarding';
import { normalizeRole } from '../../shared/permissions';
import type { SessionUser } from '../../shared/schemas/auth';
import { useT } from '../i18n';
import { ClosedOnboarding } from './Onboarding';
import type { Modal as ModalType } from '../ui/Modal';
import type { OnboardingBody as Body } from './OnboardingBody';

/** Web Storage, or null where the browser refuses it (the getter itself can throw). */
function webStorage(kind: 'localStorage' | 'sessionStorage'): KeyValueStore | null {
  try {
    return window[kind];
  } catch {
    return null;
  }
}

// Whether this was the first login, fixed once per page load and user: a remount (React
// StrictMode, or /rider -> /app) must not turn it into "welcome back" because the marker was just written.
const firstLogins = new Map<string, boolean>();

/**
 * The per-role onboarding modal (spec sections 2, 3, 4), loaded by Onboarding.tsx unless this browser has
 * finished the setup. When it shows is decided by visitPortal() in src/shared/onboarding.ts.
 */
export function OnboardingFlow({ user }: { user: SessionUser }) {
  const t = useT();
  const navigate = useNavigate();
  const role = normalizeRole(user.role) ?? 'rider';
  const [open, setOpen] = useState(false);
  const [firstLogin, setFirstLogin] = useState(true);
  const [progress, setProgress] = useState<OnboardingProgress>(EMPTY_PROGRESS);
  const [current, setCurrent] = useState<string | null>(null);
  /** The modal and its content, loaded only on visits that show it, and before it opens (never an empty modal). */
  const [loaded, setLoaded] = useState<{ Modal: typeof ModalType; OnboardingBody: typeof Body } | null>(null);

  useEffect(() => {
    const visit = visitPortal(webStorage('localStorage'), webStorage('sessionStorage'), role, user.id, new Date());
    const key = `${role}:${user.id}`;
    if (!firstLogins.has(key)) firstLogins.set(key, visit.firstLogin);
    setFirstLogin(firstLogins.get(key) ?? visit.firstLogin);
    setProgress(visit.progress);
    setCurrent(nextIncompleteStep(role, visit.progress.completed));
    setOpen(false);
    if (!visit.show) return;
    let cancelled = false;
    const parts = Promise.all([import('../ui/Modal'), import('./OnboardingBody')]).then(([m, b]) => ({ Modal: m.Modal, OnboardingBody: b.OnboardingBody }));
    const timer = setTimeout(() => {
      void parts.then(
        (next) => {
          if (cancelled) return;
          setLoaded(next);
          setOpen(true);
        },
        () => undefined,
      );
    }, ONBOARDING_DELAY_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [role, user.id]);

  const save = (next: OnboardingProgress) => {
    setProgress(next);
    writeProgress(webStorage('localStorage'), role, user.id, next);
  };
  // Skip for Now, Escape, the backdrop and the close button: closed, not completed, quiet until the next session.
  const skip = () => {
    markSkipped(webStorage('sessionStorage'), role, user.id);
    setOpen(false);
  };
  const markDone = (id: string) => {
    const r = completeStep(role, progress, id);
    save(r.progress);
    setCurrent(r.current);
  };
  const complete = () => {
    const done = finishSetup(role, progress);
    if (!done) return;
    save(done);
    setOpen(false);
  };
  const follow = (href: string) => (e: MouseEvent) => {
    e.preventDefault();
    skip();
    void navigate({ href });
  };

  // Until a visit that shows it has loaded the modal: the same closed, empty <dialog> the modal is while closed.
  if (!loaded) return <ClosedOnboarding role={role} />;
  const { Modal, OnboardingBody } = loaded;
  return (
    <Modal open={open} onClose={skip} title={t(`onboarding.title.${role}` as MessageKey)} testId="onboarding-modal">
      <OnboardingBody
        role={role}
        name={user.firstName || user.email}
        firstLogin={firstLogin}
        progress={progress}
        current={current}
        setCurrent={setCurrent}
        markDone={markDone}
        complete={complete}
        skip={skip}
        follow={follow}
      />
    </Modal>
  );
}
