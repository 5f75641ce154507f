import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState, type MouseEvent } from 'react';
import type { MessageKey } from '../../shared/i18n';
import {
  canCompleteSetup,
  completeStep,
  EMPTY_PROGRESS,
  finishSetup,
  markSkipped,
  nextIncompleteStep,
  ONBOARDING_DELAY_MS,
  progressPercent,
  stepsFor,
  visitPortal,
  writeProgress,
  type KeyValueStore,
  type OnboardingProgress,
} from '../../shared/onboarding';
import { normalizeRole } from '../../shared/permissions';
import type { SessionUser } from '../../shared/schemas/auth';
import { useT } from '../i18n';
import { Badge } from '../ui/Badge';
import { Icon } from '../ui/Icon';
import { Modal } from '../ui/Modal';

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
 * The per-role onboarding modal (spec sections 2, 3, 4), mounted once by PortalGuard.
 * When it shows is decided by visitPortal() in src/shared/onboarding.ts.
 */
export function Onboarding({ user }: { user: SessionUser }) {
  const t = useT();
  const navigate = useNavigate();
  const role = normalizeRole(user.role) ?? 'rider';
  const [open, setOpen] = useState(false);
  const [firstLogin, setFirstLogin] = useState(true);
  const [progress, setProgress] = useState<OnboardingProgress>(EMPTY_PROGRESS);
  const [current, setCurrent] = useState<string | null>(null);

  useEffect(() => {
    const visit = visitPortal(webStorage('localStorage'), webStorage('sessionStorage'), role, user.id, new Date());
    const key = `${role}:${user.id}`;
    if (!firstLogins.has(key)) firstLogins.set(key, visit.firstLogin);
    setFirstLogin(firstLogins.get(key) ?? visit.firstLogin);
    setProgress(visit.progress);
    setCurrent(nextIncompleteStep(role, visit.progress.completed));
    setOpen(false);
    if (!visit.show) return;
    const timer = setTimeout(() => setOpen(true), ONBOARDING_DELAY_MS);
    return () => clearTimeout(timer);
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

  const steps = stepsFor(role);
  const name = user.firstName || user.email;
  const done = progress.completed.length;
  const ready = canCompleteSetup(role, progress.completed);
  const k = (id: string, part: 'title' | 'body' | 'action') => `onboarding.${role}.${id}.${part}` as MessageKey;

  return (
    <Modal open={open} onClose={skip} title={t(`onboarding.title.${role}` as MessageKey)} testId="onboarding-modal">
      <div className="space-y-4">
        {firstLogin ? null : <p className="text-sm text-base-content/70">{t('onboarding.welcomeBack', { name })}</p>}
        <div className="space-y-1">
          <div className="flex items-center justify-between text-sm">
            <span data-testid="onboarding-progress-text">{t('onboarding.progress', { done, total: steps.length })}</span>
            <span className="tabular-nums text-base-content/70">{progressPercent(role, progress.completed)}%</span>
          </div>
          <progress
            className="progress progress-primary w-full"
            value={done}
            max={steps.length}
            aria-label={t('onboarding.progressLabel')}
            data-testid="onboarding-progress"
          />
        </div>
        <ol className="space-y-2">
          {steps.map((s, i) => {
            const isDone = progress.completed.includes(s.id);
            const isCurrent = s.id === current;
            return (
              <li
                key={s.id}
                data-testid={`onboarding-step-${s.id}`}
                data-state={isDone ? 'done' : isCurrent ? 'current' : 'todo'}
                aria-current={isCurrent ? 'step' : undefined}
                className={`rounded-box border ${isCurrent ? 'border-primary bg-primary/5' : 'border-base-300'}`}
              >
                <button type="button" className="flex w-full items-center gap-3 p-3 text-start" onClick={() => setCurrent(s.id)} aria-expanded={isCurrent}>
                  <span
                    className={`grid size-7 shrink-0 place-items-center rounded-full text-sm font-semibold ${
                      isDone ? 'bg-success text-success-content' : isCurrent ? 'bg-primary text-primary-content' : 'bg-base-200'
                    }`}
                  >
                    {isDone ? <Icon name="check" className="size-4" /> : i + 1}
                  </span>
                  <span className="min-w-0 flex-1 font-medium">{t(k(s.id, 'title'), { name })}</span>
                  <Badge tone={isDone ? 'success' : s.required ? 'primary' : 'ghost'}>
                    {t(isDone ? 'onboarding.done' : s.required ? 'onboarding.required' : 'onboarding.optional')}
                  </Badge>
                </button>
                {isCurrent ? (
                  <div className="space-y-3 px-3 pb-3 sm:ps-13">
                    <p className="text-sm text-base-content/80">{t(k(s.id, 'body'))}</p>
                    <div className="flex flex-wrap justify-end gap-2">
                      {s.href ? (
                        <a href={s.href} className="btn btn-outline btn-sm" onClick={follow(s.href)}>
                          {t(k(s.id, 'action'))}
                        </a>
                      ) : null}
                      {isDone ? null : (
                        <button type="button" className="btn btn-primary btn-sm" onClick={() => markDone(s.id)} data-testid="onboarding-mark-done">
                          {t('onboarding.markDone')}
                        </button>
                      )}
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ol>
        <p className="text-sm text-base-content/70">{t(ready ? (done === steps.length ? 'onboarding.allDone' : 'onboarding.readyHint') : 'onboarding.requiredLeft')}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={skip} data-testid="onboarding-skip">
            {t('onboarding.skip')}
          </button>
          {ready ? (
            <button type="button" className="btn btn-primary" onClick={complete} data-testid="onboarding-complete">
              {t('onboarding.complete')}
            </button>
          ) : null}
        </div>
      </div>
    </Modal>
  );
}
