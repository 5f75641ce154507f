import { createFileRoute, useNavigate } from '@tanstack/react-router';
import type { MessageKey } from '../src/shared/i18n';
import { useT } from '../src/client/i18n';
import { oneOf, text } from '../src/client/search';
import { PageHeader } from '../src/client/shell/PageHeader';
import { PortalGuard } from '../src/client/shell/PortalGuard';
import { Tabs } from '../src/client/ui/Tabs';
import { ApiTokensCard } from './-components/support/ApiTokens';
import { DownloadsTab } from './-components/support/DownloadsTab';
import { SupportChat } from './-components/support/SupportChat';
import { TicketsTab } from './-components/support/TicketsTab';

const TABS = ['chat', 'tickets', 'downloads'] as const;
type SupportTab = (typeof TABS)[number];

export const Route = createFileRoute('/support')({
  validateSearch: (search: Record<string, unknown>): { tab?: SupportTab; ticket?: string } => ({
    tab: oneOf(TABS, search.tab),
    ticket: text(search.ticket, 40, { trim: true }),
  }),
  component: SupportPage,
});

/** Spec section 2: AI Chat Support; Support Tickets; Downloads. Any signed-in user. */
function SupportPage() {
  const t = useT();
  const { tab = 'chat', ticket } = Route.useSearch();
  const navigate = useNavigate({ from: '/support' });
  const go = (next: SupportTab, ticketId?: string) => navigate({ search: { tab: next, ticket: ticketId } });
  return (
    <PortalGuard route="/support">
      {(user) => (
        <main className="mx-auto max-w-5xl space-y-5 px-4 py-6 sm:px-6" data-testid="support-page">
          <PageHeader
            title={t('support.title')}
            subtitle={t('support.subtitle')}
            role={user.role}
            badges={<span className="text-sm text-base-content/70">{t('support.signedInAs', { email: user.email })}</span>}
          />
          <Tabs items={TABS.map((k) => ({ key: k, label: t(`support.tab.${k}` as MessageKey) }))} value={tab} onChange={(k) => go(k)} testId="support-tabs" />
          {tab === 'chat' ? <SupportChat user={user} /> : null}
          {tab === 'tickets' ? <TicketsTab user={user} ticketId={ticket} onSelect={(id) => go('tickets', id)} /> : null}
          {tab === 'downloads' ? <DownloadsTab user={user} developer={<ApiTokensCard />} /> : null}
        </main>
      )}
    </PortalGuard>
  );
}
