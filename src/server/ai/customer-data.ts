import { z } from 'zod';
import { wellFormedPhone } from '../../shared/phone';
import type { CustomerData } from '../../shared/schemas/ai';

/**
 * The visitor's details, picked out of free text ("I'm Ahmed from Blue Fleet, ahmed@bluefleet.com,
 * +965 5555 1234") by both assistants. Pure functions; the chat service decides what to ask next.
 */
export type CustomerField = keyof CustomerData;
/** collectingData stays true until these are known. */
export const REQUIRED_FIELDS = ['name', 'company', 'email'] as const satisfies readonly CustomerField[];

const LIMITS = { name: 120, company: 160, email: 254, phone: 20 } as const;
const emailSchema = z.email();
const EMAIL_IN_TEXT = /[A-Z0-9._%+-]+@[A-Z0-9-]+(?:\.[A-Z0-9-]+)*\.[A-Z]{2,}/gi;
const AT_TOKEN = /\S+@\S*/g;
const PHONE_IN_TEXT = /(?:\+|00)?[\d\u0660-\u0669\u06F0-\u06F9][\d\u0660-\u0669\u06F0-\u06F9\s().-]{6,}[\d\u0660-\u0669\u06F0-\u06F9]/g;

export const isEmail = (s: string) => s.length <= LIMITS.email && emailSchema.safeParse(s).success;

/** The visitor's phone as a well-formed number, or null (shared/phone.ts). */
export const normalizePhone = wellFormedPhone;

const clip = (s: string | undefined, max: number) => {
  const v = s?.replace(/\s+/g, ' ').trim();
  return v && v.length <= max ? v : undefined;
};

/** The client's copy, kept only where it still validates. */
export function cleanCustomerData(data: CustomerData = {}): CustomerData {
  const email = clip(data.email, LIMITS.email)?.toLowerCase();
  const phone = data.phone ? normalizePhone(data.phone) : null;
  return strip({
    name: clip(data.name, LIMITS.name),
    company: clip(data.company, LIMITS.company),
    email: email && isEmail(email) ? email : undefined,
    phone: phone ?? undefined,
  });
}

const strip = (d: CustomerData): CustomerData => Object.fromEntries(Object.entries(d).filter(([, v]) => v)) as CustomerData;

export const missingFields = (d: CustomerData) => REQUIRED_FIELDS.filter((f) => !d[f]);

// Words that end a name or company, or show a phrase is not one.
const BREAK = new Set(['from', 'at', 'with', 'and', 'of', 'here', 'in', 'working', 'work', 'my', 'email', 'phone', 'number', 'we', 'i', 'our', 'please', 'looking', 'but', 'for', 'is', 'on', 'by', 'to', 'the']);
const NOT_A_NAME = new Set([
  'looking', 'interested', 'here', 'just', 'not', 'a', 'an', 'the', 'fine', 'good', 'great', 'new', 'sorry', 'trying', 'wondering',
  'curious', 'ok', 'okay', 'asking', 'tell', 'me', 'more', 'what', 'how', 'yes', 'no', 'thanks', 'thank', 'please', 'want', 'need',
  'can', 'you', 'hi', 'hello', 'hey', 'why', 'when', 'where', 'who', 'sure', 'maybe', 'later', 'help', 'about', 'is', 'are', 'do',
  'does', 'price', 'pricing', 'demo', 'kuwait', 'uae', 'dubai', 'going', 'happy', 'glad', 'ready', 'back', 'still', 'also',
]);
const PLACES = new Set(['kuwait', 'kuwait city', 'uae', 'the uae', 'dubai', 'abu dhabi', 'sharjah', 'ajman', 'emirates', 'the emirates', 'gcc', 'salmiya', 'hawalli', 'farwaniya', 'jahra', 'ahmadi']);

const WORD = String.raw`[\p{L}\p{N}][\p{L}\p{N}&'’.-]*`;
const NAME_CUE = new RegExp(String.raw`\b(my name is|my name's|name is|name:|i am|i'm|im|this is|call me)\s+(${WORD}(?:\s+${WORD}){0,5})`, 'iu');
const COMPANY_CUE = new RegExp(
  String.raw`\b(company(?: name)? is|company:|work(?:ing)? (?:for|at)|i represent|representing|from|at)\s+(${WORD}(?:\s+${WORD}){0,6})`,
  'iu',
);
/** Cues that also appear in ordinary sentences: the value must then be capitalised. */
const LOOSE_CUES = new Set(['i am', "i'm", 'im', 'this is', 'from', 'at']);

const isCapitalised = (w: string) => /^\p{Lu}/u.test(w) || /^\p{Lo}/u.test(w);
const titleCase = (s: string) => (s === s.toLowerCase() ? s.replace(/(^|[\s-])(\p{Ll})/gu, (_, sep: string, c: string) => sep + c.toUpperCase()) : s);

/** Words up to the first break word, without trailing punctuation. */
function leading(words: string, maxWords: number): string {
  const out: string[] = [];
  for (const w of words.split(/\s+/)) {
    if (out.length && BREAK.has(w.toLowerCase())) break;
    out.push(w);
    if (/[.!?;:]$/.test(w) || out.length === maxWords) break;
  }
  return out.join(' ').replace(/[.,!?;:'’-]+$/, '');
}

function fromCue(text: string, cue: RegExp, maxWords: number, accept: (value: string) => boolean): string | undefined {
  const m = cue.exec(text);
  if (!m) return undefined;
  const value = leading(m[2]!, maxWords);
  if (!value || (LOOSE_CUES.has(m[1]!.toLowerCase()) && !isCapitalised(value))) return undefined;
  return accept(value) ? value : undefined;
}

const nameOk = (v: string) => v.length <= LIMITS.name && /\p{L}/u.test(v) && !v.split(/\s+/).some((w) => NOT_A_NAME.has(w.toLowerCase()));
const companyOk = (v: string) => v.length <= LIMITS.company && /\p{L}/u.test(v) && !PLACES.has(v.toLowerCase()) && !NOT_A_NAME.has(v.split(/\s+/)[0]!.toLowerCase());

/** A short reply to "May I have your name?" or "Which company are you with?" taken as the answer. */
function bareAnswer(text: string, field: 'name' | 'company'): string | undefined {
  if (text.includes('?')) return undefined;
  const value = text
    .replace(/^(it'?s|it is|we are|we're|our company is|i'?m|i am|my name is|this is)\s+/i, '')
    .replace(/[.,!;:]+$/, '')
    .trim();
  const words = value.split(/\s+/);
  if (!value || words.length > (field === 'name' ? 4 : 6)) return undefined;
  if (field === 'name') return nameOk(value) ? titleCase(value) : undefined;
  return companyOk(value) && !words.some((w) => NOT_A_NAME.has(w.toLowerCase()) && w.toLowerCase() !== 'the') ? value : undefined;
}

export interface Extraction {
  found: CustomerData;
  /** Something with an @ that is not a valid address. */
  badEmail: boolean;
}

/**
 * Details in one message. `expecting` is the field the assistant just asked for: a bare reply
 * ("Blue Fleet") then counts as that field. A valid phone is + and 10–15 digits (spec section 9).
 */
export function extractCustomerData(message: string, expecting: 'name' | 'company' | null = null): Extraction {
  const emails = message.match(EMAIL_IN_TEXT) ?? [];
  const email = emails.map((e) => e.toLowerCase()).find(isEmail);
  let rest = message.replace(EMAIL_IN_TEXT, ' ');
  const badEmail = !email && (rest.match(AT_TOKEN) ?? []).some((tok) => /\p{L}/u.test(tok));
  rest = rest.replace(AT_TOKEN, ' ');
  const phone = (rest.match(PHONE_IN_TEXT) ?? []).map(normalizePhone).find(Boolean) ?? undefined;
  rest = rest.replace(PHONE_IN_TEXT, ' ').replace(/\s+/g, ' ').trim();

  let name = fromCue(rest, NAME_CUE, 4, nameOk);
  let company = fromCue(rest, COMPANY_CUE, 6, companyOk);
  if (!name && !company && expecting) {
    const bare = bareAnswer(rest, expecting);
    if (expecting === 'name') name = bare;
    else company = bare;
  }
  return { found: strip({ name: name && titleCase(name), company, email, phone }), badEmail };
}

/** The known details with what this message added (a newer value replaces an older one). */
export function mergeCustomerData(known: CustomerData, found: CustomerData): CustomerData {
  return strip({ ...known, ...found });
}
