import { z } from 'zod';
import { REGION_IDS } from '../regions';

/**
 * An admin's change to one region's working rules (issue 9). Every field is sent: the editor saves
 * the whole row. Messages are catalog texts (en/rules.ts).
 */
export const regionRulesInput = z
  .object({
    region: z.enum(REGION_IDS, 'Choose Kuwait or the UAE'),
    summerMotorcycleBan: z.boolean(),
    summerMiddayBreak: z.boolean(),
    iftarPause: z.boolean(),
    maxDailyHours: z
      .number('Maximum daily hours must be between 1 and 24, in half hours')
      .min(1, 'Maximum daily hours must be between 1 and 24, in half hours')
      .max(24, 'Maximum daily hours must be between 1 and 24, in half hours')
      .multipleOf(0.5, 'Maximum daily hours must be between 1 and 24, in half hours'),
    warnBeforeMinutes: z
      .number('Warning minutes must be a whole number from 0 to 240')
      .int('Warning minutes must be a whole number from 0 to 240')
      .min(0, 'Warning minutes must be a whole number from 0 to 240')
      .max(240, 'Warning minutes must be a whole number from 0 to 240'),
  })
  // Only once the maximum itself is valid: one message per mistake.
  .refine((v) => !(v.maxDailyHours >= 1 && v.maxDailyHours <= 24) || v.warnBeforeMinutes < v.maxDailyHours * 60, {
    path: ['warnBeforeMinutes'],
    message: 'The warning must come before the maximum is reached',
  });
export type RegionRulesInput = z.infer<typeof regionRulesInput>;
