/**
 * The onboarding modal's steps per role (spec section 2) and its rules (section 4),
 * as data and pure functions; the browser-storage helpers take the storage as an
 * argument so they are tested with a Map instead of the DOM.
 *
 * Which steps are required is ours to choose (the spec leaves it open; recorded in
 * docs/spec-decisions.md): the steps without which the portal cannot do its job.
 */
import type { Role } from './permissions';

export const ONBOARDING_DELAY_MS = 1000;

export interface OnboardingStep {
  id: string;
  required: boolean;
  /** Where the step's action button goes (an in-app path), when it has one. */
  href?: string;
}

export const ONBOARDING_STEPS = {
  admin: [
    { id: 'welcome', required: true },
    { id: 'companies', required: true },
    { id: 'google-sheets', required: false },
    { id: 'analytics', required: false },
  ],
  company: [
    { id: 'welcome', required: true },
    { id: 'riders', required: true, href: '/company?tab=fleet' },
    { id: 'company-sheet', required: false },
    { id: 'orders', required: false, href: '/company?tab=orders' },
  ],
  rider: [
    { id: 'welcome', required: true },
    { id: 'install-app', required: true },
    { id: 'check-in', required: true, href: '/app' },
    { id: 'features', required: false },
  ],
} as const satisfies Record<Role, readonly OnboardingStep[]>;

/** What is remembered per role and user: the completed step ids, and whether Complete Setup was pressed. */
export interface OnboardingProgress {
  completed: string[];
  setupComplete: boolean;
}

export const EMPTY_PROGRESS: OnboardingProgress = { completed: [], setupComplete: false };

export const stepsFor = (role: Role): readonly OnboardingStep[] => ONBOARDING_STEPS[role];
export const requiredSteps = (role: Role): string[] => stepsFor(role).filter((s) => s.required).map((s) => s.id);

/** Keeps only this role's step ids, once each, in the role's order. */
export function normalizeCompleted(role: Role, ids: readonly unknown[]): string[] {
  return stepsFor(role).map((s) => s.id).filter((id) => ids.includes(id));
}

/** The step that becomes current: the first incomplete one after `after` (wrapping round), or null when all are done. */
export function nextIncompleteStep(role: Role, completed: readonly string[], after?: string): string | null {
  const ids = stepsFor(role).map((s) => s.id);
  const start = after === undefined ? 0 : ids.indexOf(after) + 1;
  for (let i = 0; i < ids.length; i++) {
    const id = ids[(start + i) % ids.length]!;
    if (!completed.includes(id)) return id;
  }
  return null;
}

/** Marks a step done; unknown ids are ignored. Returns the new progress and the step that becomes current. */
export function completeStep(role: Role, progress: OnboardingProgress, stepId: string): { progress: OnboardingProgress; current: string | null } {
  const completed = normalizeCompleted(role, [...progress.completed, stepId]);
  return { progress: { ...progress, completed }, current: nextIncompleteStep(role, completed, stepId) };
}

/** 'Complete Setup' appears only when every required step is done. */
export const canCompleteSetup = (role: Role, completed: readonly string[]): boolean => requiredSteps(role).every((id) => completed.includes(id));

/** Pressing Complete Setup: refused (null) while a required step is still open. */
export function finishSetup(role: Role, progress: OnboardingProgress): OnboardingProgress | null {
  return canCompleteSetup(role, progress.completed) ? { ...progress, setupComplete: true } : null;
}

export const progressPercent = (role: Role, completed: readonly string[]): number =>
  Math.round((normalizeCompleted(role, completed).length / stepsFor(role).length) * 100);

// ---- browser storage -------------------------------------------------------

/** The part of Web Storage we use; a Map-backed fake satisfies it in tests. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

import { onboardingKey } from './onboarding-keys';
export { onboardingKey };
export const lastLoginKey = (role: Role, userId: string) => `kwt-last-login:${role}:${userId}`;
/** Session storage: 'Skip for Now' pressed in this browser session. */
export const skippedKey = (role: Role, userId: string) => `kwt-onboarding-skipped:${role}:${userId}`;

// Storage can throw (disabled cookies, private mode, quota): onboarding then simply forgets.
function safeGet(store: KeyValueStore | null, key: string): string | null {
  try {
    return store ? store.getItem(key) : null;
  } catch {
    return null;
  }
}
function safeSet(store: KeyValueStore | null, key: string, value: string): void {
  try {
    store?.setItem(key, value);
  } catch {
    /* not remembered */
  }
}

/** Reads the progress; a bare array of ids (the spec's "list of completed step ids") is accepted, anything unreadable is empty. */
export function readProgress(store: KeyValueStore | null, role: Role, userId: string): OnboardingProgress {
  const raw = safeGet(store, onboardingKey(role, userId));
  if (!raw) return EMPTY_PROGRESS;
  try {
    const data: unknown = JSON.parse(raw);
    if (Array.isArray(data)) return { completed: normalizeCompleted(role, data), setupComplete: false };
    if (data && typeof data === 'object') {
      const { completed, setupComplete } = data as { completed?: unknown; setupComplete?: unknown };
      return { completed: Array.isArray(completed) ? normalizeCompleted(role, completed) : [], setupComplete: setupComplete === true };
    }
  } catch {
    /* corrupt: start again */
  }
  return EMPTY_PROGRESS;
}

export const serializeProgress = (p: OnboardingProgress): string => JSON.stringify({ completed: p.completed, setupComplete: p.setupComplete });

export function writeProgress(store: KeyValueStore | null, role: Role, userId: string, progress: OnboardingProgress): void {
  safeSet(store, onboardingKey(role, userId), serializeProgress(progress));
}

export function markSkipped(session: KeyValueStore | null, role: Role, userId: string): void {
  safeSet(session, skippedKey(role, userId), '1');
}

export interface OnboardingVisit {
  /** No last-login marker existed for this role and user: their first sign-in in this browser. */
  firstLogin: boolean;
  /** Open the modal (after ONBOARDING_DELAY_MS). */
  show: boolean;
  progress: OnboardingProgress;
}

/**
 * A portal page opened for a signed-in user. The rule ("shown 1 s after first login
 * per role and user if not completed"), made precise:
 * - setup completed (Complete Setup pressed) for this role and user: never shown again;
 * - otherwise shown, first on the first login (no last-login marker yet) and then on
 *   every later visit, except after 'Skip for Now' in the same browser session
 *   (session storage), so Skip quiets it until the next session rather than forever.
 * The last-login marker is then set to `now` (an ISO time).
 */
export function visitPortal(local: KeyValueStore | null, session: KeyValueStore | null, role: Role, userId: string, now: Date): OnboardingVisit {
  const firstLogin = safeGet(local, lastLoginKey(role, userId)) === null;
  safeSet(local, lastLoginKey(role, userId), now.toISOString());
  const progress = readProgress(local, role, userId);
  const skipped = safeGet(session, skippedKey(role, userId)) === '1';
  return { firstLogin, progress, show: !progress.setupComplete && (firstLogin || !skipped) };
}
