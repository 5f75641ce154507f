import type { MessageKey } from '../../../src/shared/i18n';
import type { TICKET_PRIORITIES, TICKET_STATUSES } from '../../../src/shared/schemas/ai';
import { useT } from '../../../src/client/i18n';
import { Badge } from '../../../src/client/ui/Badge';

type Status = (typeof TICKET_STATUSES)[number];
type Priority = (typeof TICKET_PRIORITIES)[number];

const STATUS_TONE = { open: 'primary', 'in-progress': 'warning', resolved: 'success' } as const;
const PRIORITY_TONE = { urgent: 'error', high: 'warning', medium: 'secondary', low: 'ghost' } as const;

export function StatusBadge({ status }: { status: Status }) {
  const t = useT();
  return (
    <Badge tone={STATUS_TONE[status]} testId={`ticket-status-${status}`}>
      {t(`tickets.status.${status}` as MessageKey)}
    </Badge>
  );
}

export function PriorityBadge({ priority }: { priority: Priority }) {
  const t = useT();
  return (
    <Badge tone={PRIORITY_TONE[priority]} testId={`ticket-priority-${priority}`}>
      {t(`tickets.priority.${priority}` as MessageKey)}
    </Badge>
  );
}
