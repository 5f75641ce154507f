import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Icon } from '../../../src/client/ui/Icon';
import type { RuleId } from '../../../src/shared/compliance/rules';
import type { MessageKey } from '../../../src/shared/i18n';
import { duration } from './rule-duration';

/** Refreshed each minute: a pause starts or ends, the hours run. */
export const RULES_POLL_MS = 60_000;

type Tone = 'error' | 'warning' | 'info';
const TONE: Record<Tone, string> = { error: 'alert-error', warning: 'alert-warning', info: 'alert-info' };
const ICON: Record<RuleId, 'sun' | 'moon' | 'clock'> = { summer_ban: 'sun', midday_break: 'sun', iftar_pause: 'moon', max_hours: 'clock' };

/**
 * The rider app (/app): why the rider cannot take orders now and until when (summer midday pause for
 * a motorcycle or bicycle, iftar pause), the pause coming within the hour, and the daily hours warning.
 * Hidden when nothing applies.
 */
export function RulesBanner() {
  const t = useT();
  const q = useQuery({ ...trpc.rider.rulesNow.queryOptions(), refetchInterval: RULES_POLL_MS });
  if (!q.data) return null;
  const { active, upcoming, hours, vehicle } = q.data;
  const reason = (rule: RuleId, from: string, to: string) =>
    rule === 'max_hours'
      ? t('rules.reason.max_hours', { hours: hours.maxDailyHours })
      : t(`rules.reason.${rule}`, { from, to, deliveries: t(`rules.deliveries.${vehicle}` as MessageKey) });
  const items: { key: string; rule: RuleId; tone: Tone; title: string; text: string }[] = [
    ...active.map((r) => ({
      key: `now-${r.rule}`,
      rule: r.rule,
      tone: 'error' as const,
      title: r.rule === 'max_hours' ? t('rules.banner.blockedTomorrow') : t('rules.banner.blocked', { until: r.to }),
      text: reason(r.rule, r.from, r.to),
    })),
    ...upcoming.map((r) => ({ key: `soon-${r.rule}`, rule: r.rule, tone: 'info' as const, title: t('rules.banner.soon', { from: r.from }), text: reason(r.rule, r.from, r.to) })),
  ];
  if (hours.warning) {
    const worked = duration(t, hours.workedMinutes);
    const max = duration(t, hours.maxMinutes);
    items.push({
      key: 'hours',
      rule: 'max_hours',
      tone: 'warning',
      title: t('rules.name.max_hours'),
      text: hours.reachesAtClock
        ? t('rules.hours.warning', { worked, max, time: hours.reachesAtClock })
        : t('rules.hours.left', { worked, max, left: duration(t, hours.remainingMinutes) }),
    });
  }
  if (!items.length) return null;
  return (
    <section className="space-y-2" aria-label={t('rules.banner.label')} data-testid="rules-banner">
      {items.map((i) => (
        <div key={i.key} role="status" className={`alert ${TONE[i.tone]} items-start py-3`} data-testid={`rules-banner-${i.key}`}>
          <Icon name={ICON[i.rule]} className="mt-0.5 size-5 shrink-0" />
          <div className="min-w-0">
            <p className="font-semibold">{i.title}</p>
            <p className="text-sm">{i.text}</p>
          </div>
        </div>
      ))}
    </section>
  );
}
