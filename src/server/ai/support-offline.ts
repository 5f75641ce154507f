import { t } from '../../shared/i18n';
import type { Analysis, SupportChatReply } from '../../shared/schemas/ai';
import { DomainError } from '../errors';
import { composeAnswer } from './answers';
import { analysisTool, type SupportIntent } from './support-intent';
import { toolInput, type AiTool } from './tool';
import type { Actor } from '../services/access';

export type RunTool = (tool: AiTool, input: Record<string, unknown>) => Promise<unknown>;

/** The manager report: GET /api/ai/download-report/{userId}, the signed-in user's own. */
export const reportDownload = (scope: Actor) => ({
  downloadUrl: `/api/ai/download-report/${encodeURIComponent(scope.userId)}`,
  downloadTitle: t('assistant.support.reportTitle'),
});

/** An analysis travels with the reply as a JSON data: URL, so the download is exactly what was shown. */
export const analysisDownload = (analysis: Analysis) => ({
  downloadUrl: `data:application/json;base64,${Buffer.from(JSON.stringify(analysis, null, 2)).toString('base64')}`,
  downloadTitle: t(`analysis.type.${analysis.type}`),
});

export const reportText = (scope: Actor) =>
  t('assistant.support.report', { scope: scope.role === 'admin' ? t('analysis.scope.system') : (scope.companyName ?? scope.displayName) });

/** Run a tool the way a model would: its input through its own schema (defaults filled in). */
export async function runByName(tools: readonly AiTool[], run: RunTool, name: string, input: Record<string, unknown> = {}) {
  const tool = tools.find((x) => x.name === name);
  if (!tool) return { allowed: false as const };
  return { allowed: true as const, result: await run(tool, toolInput(tool).parse(input)) };
}

/**
 * The built-in support assistant (no API key): the intent picks a tool, the tool answers for the
 * caller's scope, and its answer composer (./answers) says the figure first, with the rows as a table
 * below. A refusal from a tool (another company's data, a rider not found) is shown as it is.
 */
export async function offlineSupportReply(scope: Actor, tools: readonly AiTool[], intent: SupportIntent, run: RunTool, message: string): Promise<SupportChatReply> {
  switch (intent.kind) {
    case 'help':
      return { response: t(`assistant.support.help.${scope.role}`), type: 'text' };
    case 'pick-analysis':
      return { response: t('assistant.support.pickAnalysis'), type: 'text' };
    case 'report':
      return { response: reportText(scope), type: 'report', ...reportDownload(scope) };
    default:
  }
  const name = intent.kind === 'analysis' ? analysisTool(intent.type) : intent.tool;
  try {
    const input = intent.kind === 'tool' ? intent.input : {};
    const outcome = await runByName(tools, run, name, input);
    if (!outcome.allowed) return { response: t('assistant.support.notAllowed'), type: 'text' };
    const answer = composeAnswer(name, outcome.result, { role: scope.role, message, input });
    const shown = { response: answer.text, ...(answer.table ? { table: answer.table } : {}) };
    if (intent.kind === 'analysis') return { ...shown, type: 'report', ...analysisDownload(outcome.result as Analysis) };
    return { ...shown, type: 'text' };
  } catch (err) {
    if (err instanceof DomainError) return { response: err.localized(), type: 'text' };
    throw err;
  }
}
