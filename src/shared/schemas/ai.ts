import { z } from 'zod';
import { ROLES } from '../permissions';
import { idempotencyKey } from './rider-app';
import { byKey } from '../i18n/message';

/** Spec section 9: history sent with a chat message. */
export const VISITOR_HISTORY = 10;
export const SUPPORT_HISTORY = 5;

const chatText = z.string().trim().min(1, byKey('errors.messageRequired')).max(4000, byKey('errors.messageTooLong'));

export const historyEntry = z.object({
  role: z.enum(['user', 'assistant']),
  content: z.string().max(8000),
});
export type HistoryEntry = z.infer<typeof historyEntry>;

/** Spec section 3, Customer data collected by chat. Every field optional until the visitor gives it. */
export const customerData = z.object({
  name: z.string().trim().max(120).optional(),
  company: z.string().trim().max(160).optional(),
  email: z.string().trim().max(254).optional(),
  phone: z.string().trim().max(20).optional(),
});
export type CustomerData = z.infer<typeof customerData>;

/** POST /api/ai/chat from the visitor widget: message, customerData, conversationHistory (last 10). */
export const visitorChatInput = z.object({
  message: chatText,
  customerData: customerData.default({}),
  conversationHistory: z.array(historyEntry).max(VISITOR_HISTORY).default([]),
  /** The widget session's conversation (from the previous reply); a new one starts without it. */
  conversationId: z.string().max(40).optional(),
});
export type VisitorChatInput = z.infer<typeof visitorChatInput>;

export const CHAT_REPLY_TYPES = ['text', 'data_collection', 'lead_complete', 'report', 'error'] as const;
export type ChatReplyType = (typeof CHAT_REPLY_TYPES)[number];

export interface VisitorChatReply {
  message: string;
  type: ChatReplyType;
  customerData: CustomerData;
  /** The assistant is still asking for name, company or email. */
  collectingData: boolean;
  /** Send it back with the next message of this widget session. */
  conversationId: string;
}

/**
 * POST /api/ai/chat from the Support page: message, userId, userRole, conversationHistory (last 5).
 * userId and userRole are the client's hints only: the server answers for the signed-in user.
 */
export const supportChatInput = z.object({
  message: chatText,
  userId: z.string().max(40).optional(),
  userRole: z.enum(ROLES).optional(),
  conversationHistory: z.array(historyEntry).max(SUPPORT_HISTORY).default([]),
});
export type SupportChatInput = z.infer<typeof supportChatInput>;

/**
 * The rows behind a support answer, shown under its sentence (docs/spec-decisions.md): column labels
 * and cells already in the user's language; `numeric` columns align to the end; `note` says what was left out.
 */
export interface ChatTable {
  columns: { label: string; numeric?: boolean }[];
  rows: string[][];
  note?: string;
}

export interface SupportChatReply {
  response: string;
  type: ChatReplyType;
  downloadUrl?: string;
  downloadTitle?: string;
  /** The figures' rows, shown below the answer. */
  table?: ChatTable;
}

/** POST /api/notify-email: once per session when name, company and email are known. */
export const notifyEmailInput = z.object({
  customerData: customerData.extend({
    name: z.string().trim().min(1, byKey('errors.nameRequired')).max(120),
    company: z.string().trim().min(1, byKey('errors.companyRequired')).max(160),
    email: z.string().trim().toLowerCase().pipe(z.email(byKey('errors.emailInvalid'))),
  }),
  source: z.string().trim().max(60).default('chat-widget'),
});
export type NotifyEmailInput = z.infer<typeof notifyEmailInput>;

export const ANALYSIS_TYPES = ['financial', 'hr', 'legal', 'performance'] as const;
export type AnalysisType = (typeof ANALYSIS_TYPES)[number];
export const ANALYSIS_PRIORITIES = ['high', 'medium', 'low'] as const;
export type AnalysisPriority = (typeof ANALYSIS_PRIORITIES)[number];

/** POST /api/ai/analysis: type, timeframe monthly. */
export const analysisInput = z.object({
  type: z.enum(ANALYSIS_TYPES, byKey('errors.analysisType')),
  timeframe: z.literal('monthly', byKey('errors.analysisTimeframe')).default('monthly'),
});
export type AnalysisInput = z.infer<typeof analysisInput>;

/** Spec section 3, Analysis response: analysis.analysis, analysis.recommendations[], analysis.priority — plus the figures behind them. */
export interface Analysis {
  type: AnalysisType;
  timeframe: 'monthly';
  /** Who it covers: the whole system, one company, or one rider. */
  scope: { kind: 'system' | 'company' | 'rider'; name: string };
  period: { from: string; to: string };
  analysis: string;
  recommendations: string[];
  priority: AnalysisPriority;
  /** Every number in the text comes from here. */
  figures: Record<string, unknown>;
}
export interface AnalysisResponse {
  analysis: Analysis;
}

export const TICKET_STATUSES = ['open', 'in-progress', 'resolved'] as const;
export const TICKET_PRIORITIES = ['urgent', 'high', 'medium', 'low'] as const;

export const ticketCreateInput = z.object({
  subject: z.string().trim().min(1, byKey('errors.subjectRequired')).max(160),
  body: z.string().trim().min(1, byKey('errors.descriptionRequired')).max(5000),
  priority: z.enum(TICKET_PRIORITIES).default('medium'),
  /** Set by the rider app's outbox (POST /api/support/tickets folds the Idempotency-Key in): a replay opens one ticket. */
  idempotencyKey,
});
export const ticketCommentInput = z.object({
  ticketId: z.string().min(1).max(40),
  body: z.string().trim().min(1, byKey('errors.commentRequired')).max(5000),
});
export const ticketStatusInput = z.object({
  ticketId: z.string().min(1).max(40),
  status: z.enum(TICKET_STATUSES),
});

/** GET /api/ai/download-report/{userId}: that user's manager report (only the user or an admin). */
export const downloadReportInput = z.object({
  userId: z.string().trim().min(1, byKey('errors.userIdRequired')).max(40, byKey('errors.userIdTooLong')),
});
