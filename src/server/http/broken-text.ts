/** C0 control characters other than tab, line feed and carriage return. */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's whole job
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;
/** String.prototype.isWellFormed (ES2024: native, and not in the project's lib): false for an unpaired surrogate. */
const wellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();

/**
 * How deep a client's input may nest objects and arrays: the input object is level 1. No schema of the
 * app goes past a handful of levels; a `[[[…]]]` tens of thousands deep (a few bytes a level) is an
 * attack on anything that walks it recursively.
 */
export const MAX_INPUT_DEPTH = 64;

/** What is wrong with an input: a string that is not text, or nesting past MAX_INPUT_DEPTH; and where. */
export interface InputFault {
  kind: 'brokenText' | 'tooDeep';
  /** `a.b.0` for a broken string; the top-level field (or `input`) for nesting too deep. */
  field: string;
}

/** A value met on the walk, with the way back to the input's root (a path is only built for a fault). */
interface Step {
  value: unknown;
  key: string | number | null;
  parent: Step | null;
  depth: number;
}

const pathOf = (step: Step): (string | number)[] => {
  const path: (string | number)[] = [];
  for (let s: Step | null = step; s && s.key !== null; s = s.parent) path.push(s.key);
  return path.reverse();
};

const isPlainObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/**
 * The first fault in a client's input, in document order, or null when there is none. A string that is
 * not text holds a NUL or another control character, or an unpaired surrogate: SQLite cuts a string at
 * its NUL and libSQL turns a lone surrogate into U+FFFD, so it would be stored as something else than
 * was sent. Walks plain objects and arrays only (a Uint8Array is bytes), with its own stack: a nest
 * 100 000 deep costs one pass and is refused at level MAX_INPUT_DEPTH + 1, never a stack overflow.
 */
export function inputFault(input: unknown): InputFault | null {
  const stack: Step[] = [{ value: input, key: null, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const step = stack.pop()!;
    const { value } = step;
    if (typeof value === 'string') {
      if (!wellFormed(value) || CONTROL.test(value)) return { kind: 'brokenText', field: pathOf(step).join('.') || 'input' };
      continue;
    }
    const array = Array.isArray(value);
    if (!array && !isPlainObject(value)) continue;
    const depth = step.depth + 1;
    if (depth > MAX_INPUT_DEPTH) return { kind: 'tooDeep', field: String(pathOf(step)[0] ?? 'input') };
    // Children pushed last-first, so they are popped in document order.
    if (array) for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], key: i, parent: step, depth });
    else {
      const keys = Object.keys(value);
      for (let i = keys.length - 1; i >= 0; i--) stack.push({ value: value[keys[i]!], key: keys[i]!, parent: step, depth });
    }
  }
  return null;
}
