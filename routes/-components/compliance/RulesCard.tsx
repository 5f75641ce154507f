import { useQuery } from '@tanstack/react-query';
import { useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import { regionName, ruleAbout, ruleName, ruleState, type RuleTodayView } from './rule-texts';

/** Company portal, compliance tab: the region's working rules, read-only, with today's state. */
export function RulesCard() {
  const t = useT();
  const q = useQuery({ ...trpc.company.rulesToday.queryOptions(), refetchInterval: 60_000 });
  if (!q.data) return null;
  const { region, settings, rules } = q.data;
  return (
    <Card title={t('rules.card.title')}>
      <p className="text-sm text-base-content/70">{t('rules.card.region', { region: regionName(t, region) })}</p>
      <RuleList rules={rules} settings={settings} testId="rules-card" />
      <p className="text-xs text-base-content/70">{t('rules.card.enforced')}</p>
    </Card>
  );
}

/** The rules as rows: name and today's state, what the rule says underneath. */
export function RuleList({ rules, settings, testId }: { rules: RuleTodayView[]; settings: { maxDailyHours: number; warnBeforeMinutes: number }; testId?: string }) {
  const t = useT();
  return (
    <ul className="divide-y divide-base-300" data-testid={testId}>
      {rules.map((r) => (
        <RuleRow key={r.rule} rule={r}>
          <p className="text-sm text-base-content/70">{ruleAbout(t, r.rule, settings)}</p>
        </RuleRow>
      ))}
    </ul>
  );
}

export function RuleRow({ rule, children, control }: { rule: RuleTodayView; children?: React.ReactNode; control?: React.ReactNode }) {
  const t = useT();
  const state = ruleState(t, rule);
  return (
    <li className="flex gap-3 py-3 first:pt-0 last:pb-0" data-testid={`rule-${rule.rule}`}>
      {control}
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <span className="font-medium">{ruleName(t, rule.rule)}</span>
          <Badge tone={state.tone} testId={`rule-${rule.rule}-state`}>
            {state.label}
          </Badge>
        </div>
        {children}
      </div>
    </li>
  );
}
