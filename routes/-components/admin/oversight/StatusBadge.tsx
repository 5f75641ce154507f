import type { OrderStatus } from '../../../../src/shared/schemas/oversight';
import type { MessageKey } from '../../../../src/shared/i18n';
import { useT } from '../../../../src/client/i18n';
import { Badge } from '../../../../src/client/ui/Badge';

const TONE = { pending: 'neutral', assigned: 'primary', picked_up: 'accent', delivered: 'success', cancelled: 'ghost', failed: 'error' } as const;

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return <Badge tone={TONE[status]}>{t(`orderStatus.${status}` as MessageKey)}</Badge>;
}
