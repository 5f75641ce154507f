import type { MouseEvent } from 'react';
import type { MessageKey } from '../../shared/i18n';
import { canCompleteSetup, progressPercent, stepsFor, type OnboardingProgress } from '../../shared/onboarding';
import type { Role } from '../../shared/permissions';
import { useT } from '../i18n';
import { Badge } from '../ui/Badge';
import { Icon } from '../ui/Icon';

export interface OnboardingBodyProps {
  role: Role;
  name: string;
  firstLogin: boolean;
  progress: OnboardingProgress;
  current: string | null;
  setCurrent: (id: string) => void;
  markDone: (id: string) => void;
  complete: () => void;
  skip: () => void;
  follow: (href: string) => (e: MouseEvent) => void;
}

/** The onboarding modal's content (Onboarding.tsx keeps the state and loads this when the modal first opens). */
export function OnboardingBody({ role, name, firstLogin, progress, current, setCurrent, markDone, complete, skip, follow }: OnboardingBodyProps) {
  const t = useT();
  const steps = stepsFor(role);
  const done = progress.completed.length;
  const ready = canCompleteSetup(role, progress.completed);
  const k = (id: string, part: 'title' | 'body' | 'action') => `onboarding.${role}.${id}.${part}` as MessageKey;
  return (
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
  );
}
