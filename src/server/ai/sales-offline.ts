import { t } from '../../shared/i18n';
import type { CustomerData } from '../../shared/schemas/ai';
import type { CustomerField } from './customer-data';
import { FEATURES, featureText, pricingText, type Feature } from './knowledge';

/**
 * The built-in sales assistant (no API key): answers about the product, pricing and regions from
 * knowledge.ts, and asks for the visitor's next missing detail. Deterministic, so it is tested
 * word for word.
 */
type Topic = 'greeting' | 'features' | Feature | 'pricing' | 'regions' | 'demo' | 'thanks';

/** First match wins within a message's topics; order is the order of the answer. */
const TOPICS: [Topic, RegExp][] = [
  ['greeting', /^\s*(hi|hello|hey|salam|assalam\w*|marhaba|good (morning|afternoon|evening))\b/i],
  ['features', /\b(features?|what (can|does|do) (it|you|kwt)|how does it work|capabilit\w*|your product|what do you (do|offer))\b/i],
  ['analytics', /\b(analytics|dashboards?|statistics|stats|reports?|analys[ie]s)\b/i],
  ['ocr', /\b(ocr|receipts?|odometers?|scan\w*)\b/i],
  ['gps', /\b(gps|tracking|track|live map|locations?)\b/i],
  ['pwa', /\b(pwa|installable|install|mobile app|phone app|offline)\b/i],
  ['sheets', /\b(google sheets|sheets?|spreadsheets?|excel|csv)\b/i],
  ['cash', /\b(cod|cash|hand-?overs?)\b/i],
  ['pricing', /\b(price|prices|pricing|costs?|plans?|how much|subscriptions?|fees?|trial|quote|expensive|cheap)\b/i],
  ['regions', /\b(regions?|countr(y|ies)|kuwait|uae|emirates|dubai|abu dhabi|currenc(y|ies)|kwd|aed|time ?zones?|where do you)\b/i],
  ['demo', /\b(demo|presentation|meeting|talk to (sales|someone|a human))\b/i],
  ['thanks', /\b(thanks|thank you|shukran)\b/i],
];

function topicsOf(message: string): Topic[] {
  return TOPICS.filter(([, re]) => re.test(message)).map(([topic]) => topic);
}

const isFeature = (topic: Topic): topic is Feature => (FEATURES as readonly string[]).includes(topic);

function answer(topic: Topic): string {
  if (topic === 'pricing') return pricingText();
  if (isFeature(topic)) return featureText(topic);
  return t(`assistant.sales.${topic as 'greeting' | 'features' | 'regions' | 'demo' | 'thanks'}`);
}

export interface SalesTurn {
  message: string;
  /** Details this message gave. */
  found: CustomerData;
  badEmail: boolean;
  /** Everything known after this message. */
  data: CustomerData;
  missing: readonly CustomerField[];
  /** This message gave the last of name, company and email. */
  completedNow: boolean;
}

/** At most this many topic answers in one reply: a long list of facts reads badly in a chat bubble. */
const MAX_ANSWERS = 3;

export function offlineSalesReply(turn: SalesTurn): string {
  const topics = topicsOf(turn.message);
  // Asked about one feature: answer that one, not the overview; a greeting only when nothing else was asked.
  const aFeature = topics.some(isFeature);
  const kept = topics.filter((x) => !(x === 'features' && aFeature) && !(x === 'greeting' && topics.length > 1));
  const answers = kept.slice(0, MAX_ANSWERS).map(answer);
  const parts: string[] = [];
  if (turn.found.name && !turn.completedNow) parts.push(t('assistant.sales.nice', { name: turn.found.name }));
  parts.push(...answers);
  if (turn.badEmail) parts.push(t('assistant.sales.badEmail'));
  const gaveDetails = Object.keys(turn.found).length > 0;
  if (!answers.length && !gaveDetails && !turn.badEmail) parts.push(t('assistant.sales.fallback'));

  if (turn.completedNow) {
    const { name, company, email } = turn.data;
    parts.push(t('assistant.sales.complete', { name: name!, company: company!, email: email! }));
    if (!turn.data.phone) parts.push(t('assistant.sales.ask.phone'));
  } else if (turn.missing.length && !turn.badEmail) {
    parts.push(t(`assistant.sales.ask.${turn.missing[0]!}`));
  }
  if (!parts.length) parts.push(t('assistant.sales.noted'));
  return parts.join(' ');
}
