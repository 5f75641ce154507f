import { money } from '../../../src/client/format';
import { useLocale, useT } from '../../../src/client/i18n';
import { Icon } from '../../../src/client/ui/Icon';
import { orderAddressTextIn } from '../../../src/shared/gulf/address-text';
import type { ViewOrder } from './overlay';
import type { notificationsFor } from './notifications';

/** The notification panel's content (AppHeader's bell): new orders, the cash reminder, and "mark as read". */
export function NotificationList({ n, onMarkRead }: { n: ReturnType<typeof notificationsFor<ViewOrder>>; onMarkRead: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <>
      <p className="mb-2 font-semibold">{t('app.notifications.title')}</p>
      {n.count === 0 ? <p className="text-sm text-base-content/70">{t('app.notifications.empty')}</p> : null}
      <ul className="space-y-2 text-sm">
        {n.newOrders.map((o) => (
          <li key={o.id} className="flex gap-2">
            <Icon name="box" className="mt-0.5 size-4 shrink-0 text-primary" />
            <span>{t('app.notifications.newOrder', { customer: o.customerName, address: orderAddressTextIn(o.deliveryAddress, o.deliveryAddressParts, o.deliveryPlace, locale) })}</span>
          </li>
        ))}
        {n.cashReminder ? (
          <li className="flex gap-2">
            <Icon name="cash" className="mt-0.5 size-4 shrink-0 text-warning" />
            <span>{t('app.notifications.cash', { amount: money(n.cashReminder.onHand, n.cashReminder.currency) })}</span>
          </li>
        ) : null}
      </ul>
      {n.newOrders.length > 0 ? (
        <button type="button" className="btn btn-sm btn-block mt-3" onClick={onMarkRead}>
          {t('app.notifications.markRead')}
        </button>
      ) : null}
    </>
  );
}
