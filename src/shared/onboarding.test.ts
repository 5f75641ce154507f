import { describe, expect, test } from 'bun:test';
import { en, type MessageKey } from './i18n/en';
import {
  canCompleteSetup,
  completeStep,
  EMPTY_PROGRESS,
  finishSetup,
  lastLoginKey,
  markSkipped,
  nextIncompleteStep,
  normalizeCompleted,
  ONBOARDING_DELAY_MS,
  onboardingKey,
  progressPercent,
  readProgress,
  requiredSteps,
  skippedKey,
  stepsFor,
  visitPortal,
  writeProgress,
  type KeyValueStore,
} from './onboarding';
import { ROLES } from './permissions';

/** A Map-backed stand-in for localStorage / sessionStorage. */
function fakeStorage(): KeyValueStore & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, String(v)) };
}
const throwing: KeyValueStore = {
  getItem: () => {
    throw new Error('SecurityError');
  },
  setItem: () => {
    throw new Error('QuotaExceededError');
  },
};
const NOW = new Date('2026-03-01T09:00:00Z');

describe('onboarding steps (spec section 2)', () => {
  test('each role has the spec’s four steps in order', () => {
    expect(stepsFor('admin').map((s) => s.id)).toEqual(['welcome', 'companies', 'google-sheets', 'analytics']);
    expect(stepsFor('company').map((s) => s.id)).toEqual(['welcome', 'riders', 'company-sheet', 'orders']);
    expect(stepsFor('rider').map((s) => s.id)).toEqual(['welcome', 'install-app', 'check-in', 'features']);
  });

  test('the required steps we chose (docs/spec-decisions.md)', () => {
    expect(requiredSteps('admin')).toEqual(['welcome', 'companies']);
    expect(requiredSteps('company')).toEqual(['welcome', 'riders']);
    expect(requiredSteps('rider')).toEqual(['welcome', 'install-app', 'check-in']);
  });

  test('every step has a title and a body in the catalog, and every link an action label', () => {
    for (const role of ROLES) {
      expect(en[`onboarding.title.${role}` as MessageKey]).toBeString();
      for (const s of stepsFor(role)) {
        expect(en[`onboarding.${role}.${s.id}.title` as MessageKey], `${role}.${s.id}`).toBeString();
        expect(en[`onboarding.${role}.${s.id}.body` as MessageKey], `${role}.${s.id}`).toBeString();
        if (s.href) expect(en[`onboarding.${role}.${s.id}.action` as MessageKey], `${role}.${s.id}`).toBeString();
      }
    }
    expect(en['onboarding.skip']).toBe('Skip for Now');
    expect(en['onboarding.complete']).toBe('Complete Setup');
  });

  test('the company riders step links to Fleet Management', () => {
    expect(stepsFor('company').find((s) => s.id === 'riders')?.href).toBe('/company?tab=fleet');
  });

  test('shown after 1 s (spec section 9)', () => expect(ONBOARDING_DELAY_MS).toBe(1000));
});

describe('step transitions (spec section 4)', () => {
  test('the first incomplete step is current at the start', () => {
    expect(nextIncompleteStep('company', [])).toBe('welcome');
    expect(nextIncompleteStep('company', ['welcome'])).toBe('riders');
    expect(nextIncompleteStep('company', ['welcome', 'riders', 'company-sheet', 'orders'])).toBeNull();
  });

  test('completing a step marks it done and the next incomplete step becomes current', () => {
    const a = completeStep('rider', EMPTY_PROGRESS, 'welcome');
    expect(a.progress.completed).toEqual(['welcome']);
    expect(a.current).toBe('install-app');
    const b = completeStep('rider', a.progress, 'check-in');
    expect(b.progress.completed).toEqual(['welcome', 'check-in']);
    expect(b.current).toBe('features');
  });

  test('after the last step the search wraps round to an earlier incomplete one', () => {
    const r = completeStep('admin', { completed: ['welcome'], setupComplete: false }, 'analytics');
    expect(r.current).toBe('companies');
  });

  test('completing every step leaves no current step', () => {
    let p = EMPTY_PROGRESS;
    let current: string | null = 'welcome';
    for (const s of stepsFor('admin')) ({ progress: p, current } = completeStep('admin', p, s.id));
    expect(current).toBeNull();
    expect(progressPercent('admin', p.completed)).toBe(100);
  });

  test('completing twice, or an unknown id, changes nothing', () => {
    const once = completeStep('company', EMPTY_PROGRESS, 'riders').progress;
    expect(completeStep('company', once, 'riders').progress.completed).toEqual(['riders']);
    expect(completeStep('company', once, 'install-app').progress.completed).toEqual(['riders']);
  });

  test('completed ids are kept in the role’s order, once each', () => {
    expect(normalizeCompleted('company', ['orders', 'welcome', 'orders', 'bogus', 7])).toEqual(['welcome', 'orders']);
  });

  test('progress is a share of all four steps', () => {
    expect(progressPercent('company', [])).toBe(0);
    expect(progressPercent('company', ['welcome'])).toBe(25);
    expect(progressPercent('rider', ['welcome', 'install-app', 'check-in'])).toBe(75);
  });
});

describe('Complete Setup', () => {
  test('appears only when every required step is done', () => {
    expect(canCompleteSetup('company', [])).toBe(false);
    expect(canCompleteSetup('company', ['welcome'])).toBe(false);
    expect(canCompleteSetup('company', ['welcome', 'company-sheet', 'orders'])).toBe(false);
    expect(canCompleteSetup('company', ['welcome', 'riders'])).toBe(true);
    expect(canCompleteSetup('rider', ['welcome', 'install-app'])).toBe(false);
    expect(canCompleteSetup('rider', ['welcome', 'install-app', 'check-in'])).toBe(true);
    expect(canCompleteSetup('admin', ['welcome', 'companies'])).toBe(true);
  });

  test('finishing is refused while a required step is open', () => {
    expect(finishSetup('admin', { completed: ['welcome'], setupComplete: false })).toBeNull();
    expect(finishSetup('admin', { completed: ['welcome', 'companies'], setupComplete: false })).toEqual({ completed: ['welcome', 'companies'], setupComplete: true });
  });
});

describe('browser storage, per role and user', () => {
  test('keys name the role and the user', () => {
    expect(onboardingKey('company', 'u1')).toBe('kwt-onboarding:company:u1');
    expect(lastLoginKey('rider', 'u2')).toBe('kwt-last-login:rider:u2');
    expect(skippedKey('admin', 'u3')).toBe('kwt-onboarding-skipped:admin:u3');
  });

  test('progress round-trips, and is separate per role and per user', () => {
    const local = fakeStorage();
    writeProgress(local, 'company', 'u1', { completed: ['welcome'], setupComplete: false });
    expect(readProgress(local, 'company', 'u1')).toEqual({ completed: ['welcome'], setupComplete: false });
    expect(readProgress(local, 'company', 'u2')).toEqual(EMPTY_PROGRESS);
    expect(readProgress(local, 'rider', 'u1')).toEqual(EMPTY_PROGRESS);
    expect(JSON.parse(local.map.get('kwt-onboarding:company:u1')!)).toEqual({ completed: ['welcome'], setupComplete: false });
  });

  test('a bare list of completed ids is read; junk and other roles’ ids are not', () => {
    const local = fakeStorage();
    local.setItem(onboardingKey('rider', 'u1'), JSON.stringify(['check-in', 'riders', 'welcome']));
    expect(readProgress(local, 'rider', 'u1')).toEqual({ completed: ['welcome', 'check-in'], setupComplete: false });
    local.setItem(onboardingKey('rider', 'u1'), '{not json');
    expect(readProgress(local, 'rider', 'u1')).toEqual(EMPTY_PROGRESS);
    local.setItem(onboardingKey('rider', 'u1'), JSON.stringify({ completed: 'welcome', setupComplete: 'yes' }));
    expect(readProgress(local, 'rider', 'u1')).toEqual(EMPTY_PROGRESS);
  });

  test('storage that throws is treated as empty and never breaks the page', () => {
    expect(readProgress(throwing, 'admin', 'u1')).toEqual(EMPTY_PROGRESS);
    expect(() => writeProgress(throwing, 'admin', 'u1', EMPTY_PROGRESS)).not.toThrow();
    expect(visitPortal(throwing, throwing, 'admin', 'u1', NOW)).toEqual({ firstLogin: true, show: true, progress: EMPTY_PROGRESS });
    expect(visitPortal(null, null, 'admin', 'u1', NOW).show).toBe(true);
  });
});

describe('when the modal shows (visitPortal)', () => {
  test('first login: shown, and the last-login marker is written', () => {
    const local = fakeStorage();
    const v = visitPortal(local, fakeStorage(), 'company', 'u1', NOW);
    expect(v).toEqual({ firstLogin: true, show: true, progress: EMPTY_PROGRESS });
    expect(local.map.get('kwt-last-login:company:u1')).toBe(NOW.toISOString());
  });

  test('later visits: not a first login, still shown while setup is not completed', () => {
    const local = fakeStorage();
    visitPortal(local, fakeStorage(), 'company', 'u1', NOW);
    writeProgress(local, 'company', 'u1', { completed: ['welcome'], setupComplete: false });
    const v = visitPortal(local, fakeStorage(), 'company', 'u1', new Date('2026-03-02T09:00:00Z'));
    expect(v).toEqual({ firstLogin: false, show: true, progress: { completed: ['welcome'], setupComplete: false } });
    expect(local.map.get('kwt-last-login:company:u1')).toBe('2026-03-02T09:00:00.000Z');
  });

  test('Skip for Now quiets it for the rest of the browser session only', () => {
    const local = fakeStorage();
    const session = fakeStorage();
    visitPortal(local, session, 'rider', 'u1', NOW);
    markSkipped(session, 'rider', 'u1');
    expect(visitPortal(local, session, 'rider', 'u1', NOW).show).toBe(false);
    // Another user or role in the same session is not affected.
    expect(visitPortal(local, session, 'rider', 'u2', NOW).show).toBe(true);
    // A new browser session: shown again, since setup is not completed.
    expect(visitPortal(local, fakeStorage(), 'rider', 'u1', NOW).show).toBe(true);
  });

  test('once setup is completed it is never shown again for that role and user', () => {
    const local = fakeStorage();
    writeProgress(local, 'admin', 'u1', { completed: ['welcome', 'companies'], setupComplete: true });
    expect(visitPortal(local, fakeStorage(), 'admin', 'u1', NOW)).toEqual({
      firstLogin: true,
      show: false,
      progress: { completed: ['welcome', 'companies'], setupComplete: true },
    });
    expect(visitPortal(local, fakeStorage(), 'company', 'u1', NOW).show).toBe(true);
  });

  test('all steps done but Complete Setup not pressed: still shown', () => {
    const local = fakeStorage();
    writeProgress(local, 'admin', 'u1', { completed: ['welcome', 'companies', 'google-sheets', 'analytics'], setupComplete: false });
    expect(visitPortal(local, fakeStorage(), 'admin', 'u1', NOW).show).toBe(true);
  });
});
