import { t, tn, tw } from '../../../shared/i18n';
import type { createTicketTool, listTickets } from '../tools/tickets';
import { table, type Answer } from './answer';

type Tickets = Awaited<ReturnType<typeof listTickets.run>>;
type Created = Awaited<ReturnType<typeof createTicketTool.run>>;

/** list_tickets: how many, by status; the tickets below. */
export function ticketsAnswer(r: Tickets): Answer {
  if (!r.length) return { text: t('answers.tickets.none') };
  const n = (status: string) => r.filter((x) => x.status === status).length;
  return {
    text: t('answers.tickets.count', { tickets: tn('answers.unit.ticket', r.length), open: n('open'), progress: n('in-progress'), resolved: n('resolved') }),
    table: table(
      ['answers.col.subject', 'answers.col.status', 'answers.col.priority', ['answers.col.comments', 'numeric']],
      r.map((x) => [String(x.subject), t(`tickets.status.${x.status as 'open'}`), t(`tickets.priority.${x.priority as 'urgent'}`), String(x.comments)]),
    ),
  };
}

/** create_ticket: the ticket opened, with its priority and status. */
export function createdTicketAnswer(r: Created): Answer {
  return { text: t('answers.tickets.created', { subject: r.subject, priority: tw(`tickets.priority.${r.priority}`), status: tw(`tickets.status.${r.status}`) }) };
}
