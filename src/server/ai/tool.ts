import { z } from 'zod';
import type { Db } from '../../../db/client';
import type { Permission } from '../../shared/permissions';
import type { Actor } from '../services/access';

/**
 * One tool, shared by the Claude assistant (tool use), the offline assistant and the MCP server.
 * `input` is a zod raw shape, taken strictly (toolInput); `run` enforces the scope itself.
 */
export interface AiTool<S extends z.ZodRawShape = z.ZodRawShape, R = unknown> {
  name: string;
  /** A short human name (MCP `title`, shown by clients in lists). */
  title: string;
  description: string;
  input: S;
  /**
   * The result as it goes over the wire (JSON: instants as ISO 8601 strings), for MCP's `outputSchema`
   * and `structuredContent`. A list result is described as the array; the MCP door wraps it as { items }.
   */
  output: z.ZodType;
  /** Reads only (MCP `readOnlyHint`); false for a tool that creates something. */
  readOnly: boolean;
  /**
   * The permission of the table a caller needs to be offered the tool at all (`can(actor, permission)`); null:
   * any signed-in actor, as ai.analysis and the tickets are in tRPC. The actor's walls narrow what they see.
   */
  permission: Permission | null;
  run: (db: Db, actor: Actor, input: z.infer<z.ZodObject<S>>, now?: Date, ctx?: ToolContext) => Promise<R>;
}

/** Settings from config a tool may need; the door passes them (absent: env.ts's defaults). */
export interface ToolContext {
  /** AED to KWD rate for system-wide KWD totals (AED_TO_KWD_RATE). */
  aedToKwd: number;
}

/**
 * A tool's input schema: its fields and nothing else. A misspelled or unknown argument (company_id for
 * companyId) is refused with an error naming it, never dropped: a dropped filter widens the answer.
 */
export const toolInput = <S extends z.ZodRawShape>(tool: Pick<AiTool<S>, 'input'>) => z.strictObject(tool.input);

/** Keeps the result type: each tool's answer composer (../answers) is typed by it. */
export const defineTool = <S extends z.ZodRawShape, R>(tool: AiTool<S, R>): AiTool<S, R> => tool;
