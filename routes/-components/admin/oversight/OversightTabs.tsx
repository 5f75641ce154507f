import { useState } from 'react';
import type { MessageKey } from '../../../../src/shared/i18n';
import { useT } from '../../../../src/client/i18n';
import { AccountsTable } from './AccountsTable';
import { AuditTable } from './AuditTable';
import { CashTable } from './CashTable';
import { CompaniesTable } from './CompaniesTable';
import { InboxTable } from './InboxTable';
import { OrdersTable } from './OrdersTable';
import { RidersTable } from './RidersTable';

const TABS = ['orders', 'riders', 'companies', 'accounts', 'cash', 'inbox', 'audit'] as const;
type Tab = (typeof TABS)[number];
const VIEW: Record<Tab, () => React.JSX.Element> = { orders: OrdersTable, riders: RidersTable, companies: CompaniesTable, accounts: AccountsTable, cash: CashTable, inbox: InboxTable, audit: AuditTable };

/** The admin's oversight tables under the stat cards. */
export function OversightTabs() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('orders');
  const View = VIEW[tab];
  return (
    <section className="space-y-3">
      <div role="tablist" className="tabs tabs-box w-full overflow-x-auto sm:w-fit" data-testid="oversight-tabs">
        {TABS.map((k) => (
          <button key={k} type="button" role="tab" aria-selected={tab === k} className={`tab whitespace-nowrap ${tab === k ? 'tab-active' : ''}`} onClick={() => setTab(k)}>
            {t(`oversight.tab.${k}` as MessageKey)}
          </button>
        ))}
      </div>
      <View />
    </section>
  );
}
