import { z } from 'zod';
import { REGION_IDS } from '../regions';
import { byKey } from '../i18n/message';

/**
 * An admin's change to one region's working rules (issue 9). Every field is sent: the editor saves
 * the whole row. Messages are catalog texts (en/rules.ts).
 */
export const regionRulesInput = z
  .object({
    region: z.enum(REGION_IDS, byKey('rules.invalid.region')),
    summerMotorcycleBan: z.boolean(),
    summerMiddayBreak: z.boolean(),
    iftarPause: z.boolean(),
    maxDailyHours: z
      .number(byKey('rules.invalid.maxHours'))
      .min(1, byKey('rules.invalid.maxHours'))
      .max(24, byKey('rules.invalid.maxHours'))
      .multipleOf(0.5, byKey('rules.invalid.maxHours')),
    warnBeforeMinutes: z
      .number(byKey('rules.invalid.warnMinutes'))
      .int(byKey('rules.invalid.warnMinutes'))
      .min(0, byKey('rules.invalid.warnMinutes'))
      .max(240, byKey('rules.invalid.warnMinutes')),
  })
  // Only once the maximum itself is valid: one message per mistake.
  .refine((v) => !(v.maxDailyHours >= 1 && v.maxDailyHours <= 24) || v.warnBeforeMinutes < v.maxDailyHours * 60, {
    path: ['warnBeforeMinutes'],
    ...byKey('rules.invalid.warnBeyondMax'),
  });
export type RegionRulesInput = z.infer<typeof regionRulesInput>;
