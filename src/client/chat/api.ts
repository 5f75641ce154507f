import type { AnalysisInput, CustomerData, SupportChatInput, VisitorChatInput } from '../../shared/schemas/ai';
import { trpcClient } from '../trpc';
import type { ChatReply } from './useChat';

/** The assistant calls the chat screens make; one place, so the screens stay free of transport details. */
export const aiApi = {
  salesChat: (input: VisitorChatInput) => trpcClient.ai.salesChat.mutate(input),

  notifyEmail: (customerData: Required<Pick<CustomerData, 'name' | 'company' | 'email'>> & CustomerData) =>
    trpcClient.ai.notifyEmail.mutate({ customerData, source: 'chat-widget' }),

  async supportChat(input: SupportChatInput): Promise<ChatReply> {
    const r = await trpcClient.ai.supportChat.mutate(input);
    return { content: r.response, type: r.type, downloadUrl: r.downloadUrl, downloadTitle: r.downloadTitle, table: r.table };
  },

  analysis: (type: AnalysisInput['type']) => trpcClient.ai.analysis.mutate({ type, timeframe: 'monthly' }),
};
