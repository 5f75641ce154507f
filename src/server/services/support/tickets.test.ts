import { describe, expect, test } from 'bun:test';
import { callerFor } from '../../../../test/app';
import { expectTRPCError, firstIssue } from '../../../../test/expect';
import { freshWorld } from '../../../../test/world';
import { loadSessionUser } from '../identity';
import { addComment, createTicket, getTicket, listTickets, setStatus } from './tickets';
import { actorOf, type Actor } from '../access';

const TICKET_NOT_FOUND = 'Ticket not found';
const AUTHOR_STATUS_ONLY = 'Only an administrator can mark a ticket in progress';

const { db, w } = await freshWorld();
const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`;
const scope = async (userId: string): Promise<Actor> => actorOf((await loadSessionUser(db, userId))!);

describe('tickets service', () => {
  test('a rider’s ticket belongs to their company; the author and admins see it, nobody else does', async () => {
    const rider = await scope(w.riderA.user.id);
    const t = await createTicket(db, rider, { subject: '  Scanner freezes ', body: 'After the third receipt', priority: 'high' });
    expect(t).toMatchObject({ subject: 'Scanner freezes', status: 'open', priority: 'high', companyId: w.companyA.id, userId: w.riderA.user.id });

    const own = await listTickets(db, rider);
    expect(own.map((x) => x.id)).toEqual([t.id]);
    expect(own[0]).toMatchObject({ authorName: nameOf(w.riderA.user), authorRole: 'rider', companyName: 'Alpha Couriers', comments: 0 });

    const all = await listTickets(db, await scope(w.admin.id));
    expect(all.map((x) => x.id)).toContain(t.id);
    for (const other of [w.managerA.id, w.managerB.id, w.riderB.user.id]) {
      const s = await scope(other);
      expect((await listTickets(db, s)).map((x) => x.id)).not.toContain(t.id);
      await expect(getTicket(db, s, t.id)).rejects.toThrow(TICKET_NOT_FOUND);
      await expect(addComment(db, s, { ticketId: t.id, body: 'me too' })).rejects.toThrow(TICKET_NOT_FOUND);
      await expect(setStatus(db, s, { ticketId: t.id, status: 'resolved' })).rejects.toThrow(TICKET_NOT_FOUND);
    }
  });

  test('comments come back oldest first with their authors, and bump the ticket', async () => {
    const manager = await scope(w.managerA.id);
    const admin = await scope(w.admin.id);
    const t = await createTicket(db, manager, { subject: 'Invoice in AED', body: 'Our invoice shows AED' });
    expect(t.priority).toBe('medium');
    expect(t.companyId).toBe(w.companyA.id);
    await addComment(db, manager, { ticketId: t.id, body: 'First' });
    await Bun.sleep(2);
    await addComment(db, admin, { ticketId: t.id, body: 'Looking into it' });
    const detail = await getTicket(db, manager, t.id);
    expect(detail.comments.map((c) => [c.body, c.authorName, c.authorRole])).toEqual([
      ['First', nameOf(w.managerA), 'company'],
      ['Looking into it', nameOf(w.admin), 'admin'],
    ]);
    expect(detail.updatedAt!.getTime()).toBeGreaterThanOrEqual(detail.createdAt.getTime());
    expect((await listTickets(db, manager)).find((x) => x.id === t.id)?.comments).toBe(2);
  });

  test('statuses: an admin sets any; the author may resolve and reopen but not mark in progress', async () => {
    const manager = await scope(w.managerB.id);
    const admin = await scope(w.admin.id);
    const t = await createTicket(db, manager, { subject: 'GPS lag', body: 'Positions are late', priority: 'urgent' });
    expect((await setStatus(db, admin, { ticketId: t.id, status: 'in-progress' })).status).toBe('in-progress');
    await expect(setStatus(db, manager, { ticketId: t.id, status: 'in-progress' })).rejects.toThrow(AUTHOR_STATUS_ONLY);
    expect((await setStatus(db, manager, { ticketId: t.id, status: 'resolved' })).status).toBe('resolved');
    expect((await setStatus(db, manager, { ticketId: t.id, status: 'open' })).status).toBe('open');
    expect((await listTickets(db, manager, { status: 'open', priority: 'urgent' })).map((x) => x.id)).toEqual([t.id]);
    expect(await listTickets(db, manager, { status: 'resolved' })).toEqual([]);
  });
});

describe('contact.tickets procedures', () => {
  test('validation speaks the catalog’s words', async () => {
    const c = await callerFor(db, w.riderB.user.id);
    expect(firstIssue(await expectTRPCError(c.contact.tickets.create({ subject: ' ', body: 'x' }), 'BAD_REQUEST'))).toBe('subject: Subject is required');
    expect(firstIssue(await expectTRPCError(c.contact.tickets.create({ subject: 'x', body: '' }), 'BAD_REQUEST'))).toBe('body: Description is required');
    expect(firstIssue(await expectTRPCError(c.contact.tickets.create({ subject: 'x', body: 'y', priority: 'normal' as never }), 'BAD_REQUEST'))).toMatch(
      /^priority: /,
    );
  });

  test('an author asking for in-progress is FORBIDDEN with the reason; a stranger gets NOT_FOUND', async () => {
    const author = await callerFor(db, w.riderB.user.id);
    const t = await author.contact.tickets.create({ subject: 'Cash mismatch', body: 'Off by 5 AED', priority: 'low' });
    await expectTRPCError(author.contact.tickets.setStatus({ ticketId: t.id, status: 'in-progress' }), 'FORBIDDEN', AUTHOR_STATUS_ONLY);
    await expectTRPCError((await callerFor(db, w.managerB.id)).contact.tickets.byId({ id: t.id }), 'NOT_FOUND', TICKET_NOT_FOUND);
    const seen = await (await callerFor(db, w.admin.id)).contact.tickets.byId({ id: t.id });
    expect(seen).toMatchObject({ subject: 'Cash mismatch', companyName: 'Beta Express', authorName: nameOf(w.riderB.user) });
  });
});

describe('tickets sent by the rider app’s outbox', () => {
  test('with an idempotency key a ticket is opened once per key and user', async () => {
    const rider = await scope(w.riderA.user.id);
    const input = { subject: 'Offline ticket', body: 'Sent twice by the outbox', idempotencyKey: 'ticket-key-12345' };
    const first = await createTicket(db, rider, input);
    const replay = await createTicket(db, rider, input);
    expect(replay.id).toBe(first.id);
    const other = await createTicket(db, await scope(w.riderB.user.id), input);
    expect(other.id).not.toBe(first.id);
    expect((await listTickets(db, rider)).filter((t) => t.subject === 'Offline ticket').map((t) => t.id)).toEqual([first.id]);
    expect((await listTickets(db, await scope(w.admin.id))).filter((t) => t.subject === 'Offline ticket').map((t) => t.id).sort()).toEqual([first.id, other.id].sort());
  });
});
