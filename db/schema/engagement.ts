import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { TICKET_PRIORITIES, TICKET_STATUSES } from '../../src/shared/schemas/ai';
import { CONTACT_PREFERENCES, INQUIRY_TYPES } from '../../src/shared/schemas/contact';
import { users } from './auth';
import { companies } from './fleet';
import { createdAt, id, utc } from './ids';


export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    company: text('company').notNull().default(''),
    inquiryType: text('inquiry_type', { enum: INQUIRY_TYPES }).notNull(),
    message: text('message').notNull(),
    preferredContact: text('preferred_contact', { enum: CONTACT_PREFERENCES }).notNull().default('email'),
    /** When it reached the sales inbox by SMTP; null when SMTP is not configured or sending failed. */
    emailedAt: utc('emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('contact_messages_created_idx').on(t.createdAt)],
);

export const leads = sqliteTable(
  'leads',
  {
    id: id(),
    name: text('name').notNull(),
    company: text('company').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull().default(''),
    source: text('source').notNull(),
    emailedAt: utc('emailed_at'),
    createdAt: createdAt(),
  },
  (t) => [index('leads_created_idx').on(t.createdAt)],
);

export const chatConversations = sqliteTable(
  'chat_conversations',
  {
    id: id(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['sales', 'support'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('chat_conversations_user_idx').on(t.userId)],
);

export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: id(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => chatConversations.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['user', 'ai'] }).notNull(),
    content: text('content').notNull(),
    type: text('type').notNull().default('text'),
    createdAt: createdAt(),
  },
  (t) => [index('chat_messages_conversation_idx').on(t.conversationId, t.createdAt)],
);

export { TICKET_PRIORITIES, TICKET_STATUSES };

export const supportTickets = sqliteTable(
  'support_tickets',
  {
    id: id(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: text('company_id').references(() => companies.id, { onDelete: 'set null' }),
    subject: text('subject').notNull(),
    body: text('body').notNull().default(''),
    status: text('status', { enum: TICKET_STATUSES }).notNull().default('open'),
    priority: text('priority', { enum: TICKET_PRIORITIES }).notNull().default('medium'),
    createdAt: createdAt(),
    updatedAt: utc('updated_at'),
  },
  (t) => [index('support_tickets_user_idx').on(t.userId, t.status)],
);

/** A comment on a ticket, by its author, an admin or the assistant. */
export const ticketComments = sqliteTable(
  'ticket_comments',
  {
    id: id(),
    ticketId: text('ticket_id')
      .notNull()
      .references(() => supportTickets.id, { onDelete: 'cascade' }),
    userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_comments_ticket_idx').on(t.ticketId, t.createdAt)],
);

