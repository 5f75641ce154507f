import type { Db } from '../../../db/client';
import { currentLocale, t } from '../../shared/i18n';
import type { Analysis, ChatTable, SupportChatInput, SupportChatReply } from '../../shared/schemas/ai';
import type { Env } from '../env';
import { runInLocale } from '../lib/request-locale';
import { log } from '../log';
import { composeAnswer, hasComposer, type Asked } from './answers';
import { replyLocale } from './answers/language';
import { askClaude, claudeClient, toMessages, type ToolCall } from './claude';
import { recordExchange, supportConversation } from '../services/support';
import { analysisDownload, offlineSupportReply, reportDownload, runByName, type RunTool } from './support-offline';
import { analysisTool, supportIntent, type SupportIntent } from './support-intent';
import type { AiTool } from './tool';
import { toolsFor } from './tools';
import { hitRateLimit, perMinute } from '../lib/rate-limit';
import type { Actor } from '../services/access';

type Download = Pick<SupportChatReply, 'downloadUrl' | 'downloadTitle'>;

export interface SupportDeps {
  db: Db;
  config: Env;
  now?: Date;
}

function supportInstructions(scope: Actor, now: Date): string {
  const who = t('assistant.prompt.support', {
    name: scope.displayName,
    role: scope.role,
    company: scope.companyName ? ` (${scope.companyName})` : '',
    today: now.toISOString().slice(0, 10),
  });
  return `${who} ${t('answers.prompt', { language: t('answers.language') })}`;
}

const askedBy = (scope: Actor, message: string, call: ToolCall): Asked => ({ role: scope.role, message, input: (call.input ?? {}) as Record<string, unknown> });

/** A tool result as the model reads it: the figure sentence in the user's language, then the data. */
const resultForModel = (scope: Actor, message: string) => (call: ToolCall) => {
  const data = JSON.stringify(call.result);
  return hasComposer(call.name) ? `${composeAnswer(call.name, call.result, askedBy(scope, message, call)).text}\n\nData (JSON): ${data}` : data;
};

/** The table under a Claude reply: the rows of the last tool it used successfully. */
function claudeTable(scope: Actor, message: string, calls: ToolCall[]): { table?: ChatTable } {
  const last = calls.filter((c) => !c.isError && hasComposer(c.name)).at(-1);
  const table = last ? composeAnswer(last.name, last.result, askedBy(scope, message, last)).table : undefined;
  return table ? { table } : {};
}

/** The download that goes with a Claude reply: the report link, or the analysis it (or we) ran. */
async function claudeDownload(scope: Actor, intent: SupportIntent, calls: ToolCall[], tools: readonly AiTool[], run: RunTool): Promise<Download> {
  if (intent.kind === 'report') return reportDownload(scope);
  if (intent.kind !== 'analysis') return {};
  const name = analysisTool(intent.type);
  const call = calls.find((c) => c.name === name && !c.isError);
  const outcome = call ? { allowed: true as const, result: call.result } : await runByName(tools, run, name);
  return outcome.allowed ? analysisDownload(outcome.result as Analysis) : {};
}

/**
 * POST /api/ai/chat from the Support page: answers about the signed-in user's own data, through the
 * same tools as the MCP server, run with the session's scope. The userId and userRole a client sends
 * are ignored. Any failure is answered with the spec's 'I encountered an issue' apology.
 */
export function supportChat(deps: SupportDeps, scope: Actor, input: SupportChatInput): Promise<SupportChatReply> {
  return runInLocale(replyLocale(input.message, currentLocale()), () => answerInLocale(deps, scope, input));
}

async function answerInLocale(deps: SupportDeps, scope: Actor, input: SupportChatInput): Promise<SupportChatReply> {
  const { db, config } = deps;
  const now = deps.now ?? new Date();
  // Each message may call Claude several times: the same per-minute limit as the public chat, per user.
  hitRateLimit(db, perMinute('support-chat', config.CHAT_MAX_PER_MINUTE), scope.userId, now.getTime());
  const tools = toolsFor(scope);
  const run: RunTool = (tool, toolInput) => tool.run(db, scope, toolInput as never, now, { aedToKwd: config.AED_TO_KWD_RATE });
  const intent = supportIntent(input.message, scope.role);
  let reply: SupportChatReply;
  try {
    const client = claudeClient(config);
    if (!client) reply = await offlineSupportReply(scope, tools, intent, run, input.message);
    else {
      const answer = await askClaude(
        client,
        config.ANTHROPIC_MODEL,
        {
          system: supportInstructions(scope, now),
          messages: toMessages(input.conversationHistory, input.message),
          tools,
          runTool: run,
          resultText: resultForModel(scope, input.message),
        },
        config.AI_TIMEOUT_MS,
      );
      const download = await claudeDownload(scope, intent, answer.toolCalls, tools, run);
      reply = {
        response: answer.text || t(`assistant.support.help.${scope.role}`),
        type: download.downloadUrl ? 'report' : 'text',
        ...download,
        ...(answer.text ? claudeTable(scope, input.message, answer.toolCalls) : {}),
      };
    }
  } catch (err) {
    log.error('support chat failed', err);
    reply = { response: t('assistant.support.error'), type: 'error' };
  }
  await recordExchange(db, await supportConversation(db, scope.userId), input.message, reply.response, reply.type, now);
  return reply;
}
