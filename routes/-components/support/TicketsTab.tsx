import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { plural, type MessageKey } from '../../../src/shared/i18n';
import { formatDateTime, REGIONS } from '../../../src/shared/regions';
import { TICKET_STATUSES } from '../../../src/shared/schemas/ai';
import type { SessionUser } from '../../../src/shared/schemas/auth';
import { useLocale, useT } from '../../../src/client/i18n';
import { trpc } from '../../../src/client/trpc';
import { Icon } from '../../../src/client/ui/Icon';
import { Modal } from '../../../src/client/ui/Modal';
import { Tabs } from '../../../src/client/ui/Tabs';
import { PriorityBadge, StatusBadge } from './TicketBadges';
import { TicketDetail } from './TicketDetail';
import { TicketForm } from './TicketForm';

const FILTERS = ['all', ...TICKET_STATUSES] as const;
type Filter = (typeof FILTERS)[number];

/** Support Tickets: the caller's tickets (every ticket for an admin), a status filter, a new-ticket form and one ticket's detail. */
export function TicketsTab({ user, ticketId, onSelect }: { user: SessionUser; ticketId?: string; onSelect: (id?: string) => void }) {
  const t = useT();
  const locale = useLocale();
  const [filter, setFilter] = useState<Filter>('all');
  const [creating, setCreating] = useState(false);
  const { data, isPending } = useQuery(trpc.contact.tickets.list.queryOptions(filter === 'all' ? undefined : { status: filter }));
  if (ticketId) return <TicketDetail user={user} ticketId={ticketId} onBack={() => onSelect(undefined)} />;
  return (
    <section className="space-y-4" data-testid="tickets-tab">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Tabs
          items={FILTERS.map((k) => ({ key: k, label: t(k === 'all' ? 'tickets.filter.all' : (`tickets.status.${k}` as MessageKey)) }))}
          value={filter}
          onChange={setFilter}
          label={t('tickets.filter')}
          small
        />
        <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
          <Icon name="ticket" className="size-5" /> {t('tickets.new')}
        </button>
      </div>
      <p className="text-sm text-base-content/70">{t(user.role === 'admin' ? 'tickets.scope.all' : 'tickets.scope.own')}</p>
      {isPending ? (
        <div className="skeleton h-40 w-full" />
      ) : !data?.length ? (
        <div className="rounded-box border border-dashed border-base-300 bg-base-100 p-8 text-center" data-testid="tickets-empty">
          <p className="font-semibold">{t('tickets.empty.title')}</p>
          <p className="text-sm text-base-content/70">{t('tickets.empty.text')}</p>
        </div>
      ) : (
        <ul className="space-y-2" data-testid="ticket-list">
          {data.map((ticket) => (
            <li key={ticket.id}>
              <button
                type="button"
                className="w-full rounded-box border border-base-300 bg-base-100 p-4 text-start shadow-sm transition hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
                data-testid="ticket-row"
                onClick={() => onSelect(ticket.id)}
              >
                <div className="flex flex-col items-start gap-2 sm:flex-row sm:justify-between">
                  <p className="min-w-0 flex-1 font-semibold">{ticket.subject}</p>
                  <span className="flex gap-1.5">
                    <PriorityBadge priority={ticket.priority} />
                    <StatusBadge status={ticket.status} />
                  </span>
                </div>
                <p className="mt-1 line-clamp-2 text-sm text-base-content/70">{ticket.body}</p>
                <p className="mt-2 flex flex-wrap gap-x-3 gap-y-1 text-xs text-base-content/70">
                  <span>{t('tickets.openedBy', { name: ticket.authorName })}</span>
                  {ticket.companyName ? <span>{ticket.companyName}</span> : null}
                  <span>{formatDateTime(new Date(ticket.createdAt), REGIONS.kuwait)}</span>
                  <span>{plural(locale, 'tickets.comments', ticket.comments)}</span>
                </p>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Modal open={creating} onClose={() => setCreating(false)} title={t('tickets.new')} testId="ticket-modal">
        <TicketForm
          onDone={(id) => {
            setCreating(false);
            onSelect(id);
          }}
        />
      </Modal>
    </section>
  );
}
