import { and, desc, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { chatConversations, chatMessages } from '../../../../db/schema';
import type { ChatReplyType } from '../../../shared/schemas/ai';

/**
 * Chats are kept: a visitor's sales chat as one conversation per widget session (its id goes back
 * to the widget, which sends it with the next message), a signed-in user's support chat as one
 * conversation per user.
 */
export async function salesConversation(db: Db, conversationId: string | undefined): Promise<string> {
  if (conversationId) {
    const found = await db.query.chatConversations.findFirst({
      where: and(eq(chatConversations.id, conversationId), eq(chatConversations.kind, 'sales'), isNull(chatConversations.userId)),
      columns: { id: true },
    });
    if (found) return found.id;
  }
  const [row] = await db.insert(chatConversations).values({ kind: 'sales' }).returning({ id: chatConversations.id });
  return row!.id;
}

export async function supportConversation(db: Db, userId: string): Promise<string> {
  const found = await db.query.chatConversations.findFirst({
    where: and(eq(chatConversations.userId, userId), eq(chatConversations.kind, 'support')),
    orderBy: desc(chatConversations.createdAt),
    columns: { id: true },
  });
  if (found) return found.id;
  const [row] = await db.insert(chatConversations).values({ kind: 'support', userId }).returning({ id: chatConversations.id });
  return row!.id;
}

/** The visitor's message and the assistant's reply, in that order. */
export async function recordExchange(db: Db, conversationId: string, question: string, reply: string, type: ChatReplyType, now = new Date()) {
  // Strictly after the conversation's last message, so ordering by time is the order of the exchange
  // even when two messages arrive within the same millisecond.
  const [last] = await db
    .select({ at: chatMessages.createdAt })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversationId))
    .orderBy(desc(chatMessages.createdAt))
    .limit(1);
  const at = Math.max(now.getTime(), (last?.at.getTime() ?? 0) + 1);
  await db.insert(chatMessages).values([
    { conversationId, sender: 'user', content: question, type: 'text', createdAt: new Date(at) },
    { conversationId, sender: 'ai', content: reply, type, createdAt: new Date(at + 1) },
  ]);
}
