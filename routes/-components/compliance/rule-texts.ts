import { IFTAR_PAUSE, type RuleDayState, type RuleId } from '../../../src/shared/compliance/rules';
import type { MessageKey, MessageParams } from '../../../src/shared/i18n';
import type { RegionId } from '../../../src/shared/regions';

/** Texts of the working rules shared by the company card, the admin editor and the rider banner. */
type T = (key: MessageKey, params?: MessageParams) => string;

export interface RuleTodayView {
  rule: RuleId;
  enabled: boolean;
  state: RuleDayState;
  from: string | null;
  to: string | null;
}

export const ruleName = (t: T, rule: RuleId) => t(`rules.name.${rule}`);
export const regionName = (t: T, region: RegionId) => t(`rules.region.${region}`);

/** What the rule says (dates, hours, who): the seasonal texts are fixed, the others carry the settings. */
export function ruleAbout(t: T, rule: RuleId, settings: { maxDailyHours: number; warnBeforeMinutes: number }): string {
  if (rule === 'iftar_pause') return t('rules.about.iftar_pause', { before: IFTAR_PAUSE.beforeMinutes, after: IFTAR_PAUSE.afterMinutes });
  if (rule === 'max_hours') return t('rules.about.max_hours', { hours: settings.maxDailyHours, minutes: settings.warnBeforeMinutes });
  return t(`rules.about.${rule}`);
}

/** Today's state as a short label with a badge tone. */
export function ruleState(t: T, r: RuleTodayView): { label: string; tone: 'warning' | 'neutral' | 'ghost' | 'success' } {
  switch (r.state) {
    case 'off':
      return { label: t('rules.state.off'), tone: 'ghost' };
    case 'active':
      return { label: t('rules.state.active', { until: r.to ?? '' }), tone: 'warning' };
    case 'later':
      return { label: t('rules.state.later', { from: r.from ?? '', to: r.to ?? '' }), tone: 'neutral' };
    case 'ended':
      return { label: t('rules.state.ended', { to: r.to ?? '' }), tone: 'neutral' };
    default:
      if (r.rule === 'max_hours') return { label: t('rules.state.on'), tone: 'success' };
      return { label: t(r.rule === 'iftar_pause' ? 'rules.state.notRamadan' : 'rules.state.outOfSeason'), tone: 'ghost' };
  }
}

export { duration } from './rule-duration';
