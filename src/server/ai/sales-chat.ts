import type { Db } from '../../../db/client';
import { t } from '../../shared/i18n';
import type { ChatReplyType, CustomerData, VisitorChatInput, VisitorChatReply } from '../../shared/schemas/ai';
import type { Env } from '../env';
import { log } from '../log';
import { hitRateLimit, perMinute } from '../lib/rate-limit';
import { askClaude, claudeClient, toMessages } from './claude';
import { salesConversation, recordExchange } from '../services/support';
import { cleanCustomerData, extractCustomerData, mergeCustomerData, missingFields, type CustomerField } from './customer-data';
import { salesFacts } from './knowledge';
import { offlineSalesReply } from './sales-offline';

export interface ChatDeps {
  db: Db;
  config: Env;
  /** The caller's IP, for the public chat's rate limit. */
  ip: string;
  now?: Date;
}

const describe = (d: CustomerData) =>
  (['name', 'company', 'email', 'phone'] as const)
    .filter((f) => d[f])
    .map((f) => `${f}: ${d[f]}`)
    .join(', ') || 'none';

function salesInstructions(data: CustomerData, missing: readonly CustomerField[]): string {
  const collect = missing.length
    ? t('assistant.prompt.collect', { known: describe(data), missing: missing.join(', '), next: missing[0]! })
    : t('assistant.prompt.collected', { known: describe(data) });
  return `${t('assistant.prompt.sales', { facts: salesFacts() })}\n\n${collect}`;
}

/**
 * POST /api/ai/chat from the widget: answer (Claude, or the offline assistant without a key) and
 * collect name, company, email and phone as the conversation goes. The details are picked out of
 * the text here, the same way for both providers, so collectingData never depends on a model.
 */
export async function salesChat(deps: ChatDeps, input: VisitorChatInput): Promise<VisitorChatReply> {
  const { db, config } = deps;
  hitRateLimit(db, perMinute('sales-chat', config.CHAT_MAX_PER_MINUTE), deps.ip, deps.now?.getTime());
  const known = cleanCustomerData(input.customerData);
  // A short reply to the assistant's question ("Blue Fleet") counts as the field it asked for.
  const asked = input.conversationHistory.some((h) => h.role === 'assistant') ? missingFields(known)[0] : undefined;
  const { found, badEmail } = extractCustomerData(input.message, asked === 'email' ? null : (asked ?? null));
  const data = mergeCustomerData(known, found);
  const missing = missingFields(data);
  const completedNow = missing.length === 0 && missingFields(known).length > 0;

  let type: ChatReplyType = completedNow ? 'lead_complete' : missing.length ? 'data_collection' : 'text';
  let message: string;
  const client = claudeClient(config);
  if (!client) {
    message = offlineSalesReply({ message: input.message, found, badEmail, data, missing, completedNow });
  } else {
    try {
      const answer = await askClaude(
        client,
        config.ANTHROPIC_MODEL,
        { system: salesInstructions(data, missing), messages: toMessages(input.conversationHistory, input.message), maxTokens: 400 },
        config.AI_TIMEOUT_MS,
      );
      message = answer.text || t('assistant.sales.fallback');
    } catch (err) {
      log.error('sales chat: Claude failed', err);
      message = t('assistant.sales.error');
      type = 'error';
    }
  }
  const conversationId = await salesConversation(db, input.conversationId);
  await recordExchange(db, conversationId, input.message, message, type, deps.now);
  return { message, type, customerData: data, collectingData: missing.length > 0, conversationId };
}
