import type { CustomerData, HistoryEntry } from '../../shared/schemas/ai';
import { aiApi } from './api';
import { sessionStore } from './conversation';
import type { ChatReply } from './useChat';

export const VISITOR_STORAGE = {
  messages: 'kwt-chat-messages',
  customer: 'kwt-chat-customer',
  notified: 'kwt-chat-notified',
  conversation: 'kwt-chat-conversation',
} as const;

/** Name, company and email: what the sales team needs before the lead is worth an email (spec section 7). */
export function leadReady(c: CustomerData): c is CustomerData & { name: string; company: string; email: string } {
  return Boolean(c.name?.trim() && c.company?.trim() && c.email?.trim());
}

/** Once per browser session: the flag is set before the call, and cleared again if the call fails so a later reply retries. */
function notifyOnce(c: CustomerData): void {
  if (!leadReady(c) || sessionStore.read(VISITOR_STORAGE.notified, false)) return;
  sessionStore.write(VISITOR_STORAGE.notified, true);
  aiApi.notifyEmail(c).catch(() => sessionStore.write(VISITOR_STORAGE.notified, false));
}

/**
 * One visitor question: sends what the assistant has collected so far (and the server's conversation id,
 * so the session's exchanges are kept together) and keeps what it collects next.
 */
export async function askSales(message: string, conversationHistory: HistoryEntry[]): Promise<ChatReply> {
  const known = sessionStore.read<CustomerData>(VISITOR_STORAGE.customer, {});
  const conversationId = sessionStore.read<string | undefined>(VISITOR_STORAGE.conversation, undefined);
  const reply = await aiApi.salesChat({ message, customerData: known, conversationHistory, conversationId });
  sessionStore.write(VISITOR_STORAGE.conversation, reply.conversationId);
  const customer = { ...known, ...reply.customerData };
  sessionStore.write(VISITOR_STORAGE.customer, customer);
  notifyOnce(customer);
  return { content: reply.message, type: reply.type };
}
