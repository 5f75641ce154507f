import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../../db/client';
import { companies, riders, supportTickets, ticketComments, users } from '../../../../db/schema';
import type { ticketCommentInput, ticketCreateInput, ticketStatusInput, TICKET_PRIORITIES, TICKET_STATUSES } from '../../../shared/schemas/ai';
import { forbidden, notFound } from '../../errors';
import { once } from '../../lib/idempotency';
import { msg } from '../../../shared/i18n/message';
import type { Actor } from '../access';

/**
 * Support tickets (spec section 2, Support page). An admin sees and changes every ticket; everyone
 * else sees only the tickets they opened, and may resolve or reopen them. The scope comes from the
 * session or the API token (Actor), never from the client.
 */
export type TicketStatus = (typeof TICKET_STATUSES)[number];
export type TicketPriority = (typeof TICKET_PRIORITIES)[number];
export type TicketCreate = z.input<typeof ticketCreateInput>;


export interface TicketListOptions {
  status?: TicketStatus;
  priority?: TicketPriority;
  limit?: number;
}

const mine = (scope: Actor): SQL | undefined => (scope.role === 'admin' ? undefined : eq(supportTickets.userId, scope.userId));

const summary = {
  id: supportTickets.id,
  subject: supportTickets.subject,
  body: supportTickets.body,
  status: supportTickets.status,
  priority: supportTickets.priority,
  createdAt: supportTickets.createdAt,
  updatedAt: supportTickets.updatedAt,
  authorId: supportTickets.userId,
  authorFirstName: users.firstName,
  authorLastName: users.lastName,
  authorRole: users.role,
  companyName: companies.name,
};

type SummaryRow = { authorFirstName: string; authorLastName: string; authorRole: string } & Record<string, unknown>;
const withAuthor = <R extends SummaryRow>({ authorFirstName, authorLastName, authorRole, ...rest }: R) => ({
  ...rest,
  authorName: `${authorFirstName} ${authorLastName}`.trim(),
  authorRole,
});

/** The caller's tickets (all of them for an admin), newest first, with their comment counts. */
export async function listTickets(db: Db, scope: Actor, opts: TicketListOptions = {}) {
  const where = and(
    mine(scope),
    opts.status ? eq(supportTickets.status, opts.status) : undefined,
    opts.priority ? eq(supportTickets.priority, opts.priority) : undefined,
  );
  const rows = await db
    .select({ ...summary, comments: count(ticketComments.id) })
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(companies, eq(companies.id, supportTickets.companyId))
    .leftJoin(ticketComments, eq(ticketComments.ticketId, supportTickets.id))
    .where(where)
    .groupBy(supportTickets.id)
    .orderBy(desc(supportTickets.createdAt), desc(supportTickets.id))
    .limit(Math.min(Math.max(opts.limit ?? 50, 1), 200));
  return rows.map(withAuthor);
}

/** The company a ticket belongs to: the manager's own, or the rider's employer. */
async function companyOf(db: Db, scope: Actor): Promise<string | null> {
  if (scope.companyId || !scope.riderId) return scope.companyId;
  const [row] = await db.select({ companyId: riders.companyId }).from(riders).where(eq(riders.id, scope.riderId));
  return row?.companyId ?? null;
}

/**
 * A new ticket. With an idempotency key (the rider app's outbox, issue 20) it is opened once per key and user:
 * a replay after a lost answer gets the first ticket back (its dates as the JSON strings the wire carries anyway).
 */
export async function createTicket(db: Db, scope: Actor, input: TicketCreate) {
  return once(db, scope.userId, 'ticket.create', input.idempotencyKey, async (tx) => {
    const [row] = await tx
      .insert(supportTickets)
      .values({
        userId: scope.userId,
        companyId: await companyOf(tx, scope),
        subject: input.subject.trim(),
        body: input.body.trim(),
        priority: input.priority ?? 'medium',
        updatedAt: new Date(),
      })
      .returning();
    return row!;
  });
}

/** One ticket the caller may see, with its comments oldest first; NOT_FOUND otherwise (no leak of ids). */
export async function getTicket(db: Db, scope: Actor, ticketId: string) {
  const [row] = await db
    .select(summary)
    .from(supportTickets)
    .innerJoin(users, eq(users.id, supportTickets.userId))
    .leftJoin(companies, eq(companies.id, supportTickets.companyId))
    .where(and(eq(supportTickets.id, ticketId), mine(scope)));
  if (!row) throw notFound(msg('errors.ticketNotFound'));
  const comments = await db
    .select({
      id: ticketComments.id,
      body: ticketComments.body,
      createdAt: ticketComments.createdAt,
      firstName: users.firstName,
      lastName: users.lastName,
      role: users.role,
    })
    .from(ticketComments)
    .leftJoin(users, eq(users.id, ticketComments.userId))
    .where(eq(ticketComments.ticketId, ticketId))
    .orderBy(asc(ticketComments.createdAt), asc(ticketComments.id));
  return {
    ...withAuthor(row),
    comments: comments.map(({ firstName, lastName, role, ...c }) => ({
      ...c,
      authorName: firstName === null ? null : `${firstName} ${lastName ?? ''}`.trim(),
      authorRole: role,
    })),
  };
}

async function assertVisible(db: Db, scope: Actor, ticketId: string) {
  const [row] = await db
    .select({ userId: supportTickets.userId, status: supportTickets.status })
    .from(supportTickets)
    .where(and(eq(supportTickets.id, ticketId), mine(scope)));
  if (!row) throw notFound(msg('errors.ticketNotFound'));
  return row;
}

export async function addComment(db: Db, scope: Actor, input: z.output<typeof ticketCommentInput>) {
  await assertVisible(db, scope, input.ticketId);
  return db.transaction(async (tx) => {
    const [comment] = await tx.insert(ticketComments).values({ ticketId: input.ticketId, userId: scope.userId, body: input.body.trim() }).returning();
    await tx.update(supportTickets).set({ updatedAt: comment!.createdAt }).where(eq(supportTickets.id, input.ticketId));
    return comment!;
  });
}

/** An admin sets any status; the author may only resolve or reopen their own ticket. */
export async function setStatus(db: Db, scope: Actor, input: z.output<typeof ticketStatusInput>) {
  await assertVisible(db, scope, input.ticketId);
  if (scope.role !== 'admin' && input.status === 'in-progress') throw forbidden(msg('errors.ticketStatusAdminOnly'));
  const [row] = await db.update(supportTickets).set({ status: input.status, updatedAt: new Date() }).where(eq(supportTickets.id, input.ticketId)).returning();
  return row!;
}
