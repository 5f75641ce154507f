import { z } from 'zod';
import { TICKET_PRIORITIES, TICKET_STATUSES, ticketCreateInput } from '../../../shared/schemas/ai';
import { createTicket, listTickets as listTicketRows } from '../../services/support';
import { defineTool } from '../tool';
import { count, instant } from './output';

/** What every ticket answer carries. */
const ticket = {
  id: z.string(),
  subject: z.string(),
  body: z.string(),
  status: z.enum(TICKET_STATUSES),
  priority: z.enum(TICKET_PRIORITIES),
  createdAt: instant,
  updatedAt: instant.nullable(),
};

const ticketRow = z.object({
  ...ticket,
  authorId: z.string(),
  companyName: z.string().nullable(),
  comments: count,
  authorName: z.string(),
  authorRole: z.string(),
});

export const listTickets = defineTool({
  name: 'list_tickets',
  title: 'Support tickets',
  description:
    'Support tickets, newest first: subject, body, status (open, in-progress, resolved), priority (urgent, high, medium, low), author, company, comment count, createdAt and updatedAt. An admin sees every ticket; everyone else only the tickets they opened.',
  input: {
    status: z.enum(TICKET_STATUSES).optional().describe('Only tickets with this status.'),
    priority: z.enum(TICKET_PRIORITIES).optional().describe('Only tickets with this priority.'),
    limit: z.number().int().min(1).max(200).default(50).describe('At most this many tickets, 1 to 200.'),
  },
  output: z.array(ticketRow),
  readOnly: true,
  permission: null,
  run: (db, scope, input) => listTicketRows(db, scope, input),
});

export const createTicketTool = defineTool({
  name: 'create_ticket',
  title: 'Open a support ticket',
  description:
    'Open a support ticket as the caller, status open. Give a short subject, a description of the problem and a priority (urgent, high, medium, low; default medium). Returns the new ticket with its id.',
  input: {
    subject: ticketCreateInput.shape.subject.describe('A short subject, 160 characters at most.'),
    body: ticketCreateInput.shape.body.describe('What happened and what is needed, 5,000 characters at most.'),
    priority: ticketCreateInput.shape.priority.describe('urgent, high, medium (default) or low.'),
  },
  output: z.object({ ...ticket, userId: z.string(), companyId: z.string().nullable() }),
  readOnly: false,
  permission: null,
  run: (db, scope, input) => createTicket(db, scope, input),
});
