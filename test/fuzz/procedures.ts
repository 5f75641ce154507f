import type { ZodType } from 'zod';
import { appRouter } from '../../src/server/trpc/root';

export interface InputProcedure {
  path: string;
  type: 'query' | 'mutation';
  parser: ZodType;
  /** The top-level keys the input object has (all options' keys for a union). */
  keys: string[];
}

interface ProcDef {
  type: 'query' | 'mutation' | 'subscription';
  inputs: unknown[];
}

type ZodInternals = { _zod: { def: Record<string, unknown> & { type: string } } };

/** The keys of an object schema, looking through optional/default/pipe/preprocess/union wrappers. */
export function schemaKeys(schema: unknown): string[] {
  const def = (schema as ZodInternals | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case 'object':
      return Object.keys(def.shape as object);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
      return schemaKeys(def.innerType);
    case 'pipe': {
      const into = schemaKeys(def.in);
      return into.length ? into : schemaKeys(def.out);
    }
    case 'union':
      return [...new Set((def.options as unknown[]).flatMap(schemaKeys))];
    case 'intersection':
      return [...new Set([...schemaKeys(def.left), ...schemaKeys(def.right)])];
    default:
      return [];
  }
}

/**
 * Every query and mutation of the app router that takes input, read from tRPC v11's flat
 * `_def.procedures`. Subscriptions are left out: their input is the same schemas the queries use,
 * and an SSE stream answers with 200 before it reads anything.
 */
export function inputProcedures(): InputProcedure[] {
  const procs = (appRouter as unknown as { _def: { procedures: Record<string, { _def: ProcDef }> } })._def.procedures;
  return Object.entries(procs)
    .filter(([, p]) => p._def.type !== 'subscription' && p._def.inputs.length > 0)
    .map(([path, p]) => {
      if (p._def.inputs.length !== 1) throw new Error(`${path}: ${p._def.inputs.length} input parsers; the fuzz test reads one`);
      const parser = p._def.inputs[0] as ZodType;
      return { path, type: p._def.type as 'query' | 'mutation', parser, keys: schemaKeys(parser) };
    });
}
