import type { Role } from './permissions';

/**
 * Where a browser keeps a user's onboarding progress (src/shared/onboarding.ts reads and writes it). Apart, so the
 * portals can tell a finished setup without loading the onboarding's steps and modal (src/client/shell/Onboarding.tsx).
 */
export const onboardingKey = (role: Role, userId: string) => `kwt-onboarding:${role}:${userId}`;

/** Whether this browser has recorded the user's setup as complete (then the onboarding never shows again). */
export function setupCompleteStored(role: Role, userId: string): boolean {
  try {
    const raw = window.localStorage.getItem(onboardingKey(role, userId));
    const data: unknown = raw ? JSON.parse(raw) : null;
    return !!data && typeof data === 'object' && (data as { setupComplete?: unknown }).setupComplete === true;
  } catch {
    return false;
  }
}
