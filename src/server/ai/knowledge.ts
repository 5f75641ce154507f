import { t, type MessageKey } from '../../shared/i18n';
import { toDecimalString, type Currency } from '../../shared/money';

/**
 * What the sales assistant may say about the product, in one place: the offline assistant's
 * answers and Claude's facts both come from here (plans documented in docs/spec-decisions.md).
 */
export interface Plan {
  id: 'starter' | 'growth' | 'enterprise';
  /** null: unlimited. */
  maxRiders: number | null;
  /** Monthly price in minor units per currency; null: priced per contract. */
  monthly: Record<Currency, number> | null;
}

export const PLANS: readonly Plan[] = [
  { id: 'starter', maxRiders: 10, monthly: { KWD: 29_000, AED: 350_00 } },
  { id: 'growth', maxRiders: 50, monthly: { KWD: 79_000, AED: 950_00 } },
  { id: 'enterprise', maxRiders: null, monthly: null },
];

export const TRIAL_DAYS = 14;

export const FEATURES = ['analytics', 'ocr', 'gps', 'pwa', 'sheets', 'cash'] as const;
export type Feature = (typeof FEATURES)[number];

export function planLine(plan: Plan): string {
  const name = t(`assistant.sales.plan.${plan.id}` satisfies MessageKey);
  if (!plan.monthly || plan.maxRiders === null) return t('assistant.sales.plan.custom', { name });
  return t('assistant.sales.plan.priced', {
    name,
    riders: plan.maxRiders,
    kwd: `${toDecimalString(plan.monthly.KWD, 'KWD')} KWD`,
    aed: `${toDecimalString(plan.monthly.AED, 'AED')} AED`,
  });
}

export const pricingText = () => t('assistant.sales.pricing', { plans: PLANS.map(planLine).join('; '), trialDays: TRIAL_DAYS });

export const featureText = (feature: Feature) => t(`assistant.sales.feature.${feature}` satisfies MessageKey);

/** Everything above as one paragraph, for Claude's instructions. */
export function salesFacts(): string {
  return [t('assistant.sales.features'), ...FEATURES.map(featureText), pricingText(), t('assistant.sales.regions')].join(' ');
}
