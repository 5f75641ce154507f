import { catalogs, currentLocale, translate, word, type Locale, type MessageKey } from '.';

/**
 * A message by catalog key, rendered later in the language of whoever reads it: services throw these
 * (DomainError), each door renders them for its request. A parameter may itself be a label of the
 * catalog (a status word) or another message, rendered in the same language.
 */
export type MessageArg = string | number | Message | { readonly word: MessageKey };
export interface Message {
  readonly key: MessageKey;
  readonly params?: Readonly<Record<string, MessageArg>>;
}

export const msg = (key: MessageKey, params?: Record<string, MessageArg>): Message => (params ? { key, params } : { key });
/** A catalog label inside a sentence, lower case in English ('picked up'): `word('orderStatus.picked_up')`. */
export const label = (key: MessageKey): { readonly word: MessageKey } => ({ word: key });

/** `label` for a key built from data the catalog may not cover yet: `fallback` as it is when it is missing. */
export const labelOr = (key: string, fallback: string): MessageArg => (key in catalogs.en ? label(key as MessageKey) : fallback);

const isMessage = (arg: MessageArg): arg is Message => typeof arg === 'object' && 'key' in arg;

export function render(locale: Locale, m: Message): string {
  if (!m.params) return translate(locale, m.key);
  const params: Record<string, string | number> = {};
  for (const [name, arg] of Object.entries(m.params))
    params[name] = typeof arg !== 'object' ? arg : isMessage(arg) ? render(locale, arg) : word(locale, arg.word);
  return translate(locale, m.key, params);
}

/**
 * A zod message by key: `z.string().min(1, byKey('errors.nameRequired'))`. zod asks for the text when
 * it refuses, so it comes in the language of the parse (the request's on the server, the UI's in the browser).
 */
export const byKey = (key: MessageKey, params?: Record<string, MessageArg>) => ({ error: () => render(currentLocale(), msg(key, params)) });
/** The same text now, for a zod `ctx.addIssue({ message })` inside a refinement (which runs at parse time). */
export const textOf = (key: MessageKey, params?: Record<string, MessageArg>) => render(currentLocale(), msg(key, params));

/**
 * A text zod already rendered by key when it refused (byKey), in this request's language: a service that
 * passes a schema's refusal on in a domain error carries it as it is.
 */
export const parsedText = (text: string): Message => msg('errors.asParsed', { text });

/**
 * A message kept in the database (a webhook delivery's last error) is its key and parameters as JSON, rendered
 * when read. A row written before messages were stored by key holds its English text: shown as it is.
 */
export const storedMessage = (m: Message): string => JSON.stringify(m);
export function readStoredMessage(stored: string, locale: Locale = currentLocale()): string {
  if (!stored.startsWith('{')) return stored;
  try {
    const m = JSON.parse(stored) as Message;
    return typeof m.key === 'string' && m.key in catalogs.en ? render(locale, m) : stored;
  } catch {
    return stored;
  }
}

/** Roles joined as a privilege ('company or admin', 'الشركة أو المدير'), as a message. */
export const privilegeOf = (roles: readonly string[]): MessageArg =>
  roles.map((r): MessageArg => label(`errors.privilege.${r}` as MessageKey)).reduce((a, b) => msg('errors.privilege.either', { a, b }));
