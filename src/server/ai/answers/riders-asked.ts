/**
 * Reading a question for riders: does it ask per rider, and does it name one? Both providers' answers
 * lead with the rider named ("How much cash does Rami hold?") or list each rider when asked.
 */
const PER_RIDER = /\b(per|each|every|by|which)\s+(rider|driver)s?\b|\bwho\s+(holds?|has|have|owes?)\b|\brider\s+by\s+rider\b|لكل مندوب|كل مندوب|حسب المندوب|بحسب المندوب|أي مندوب|من يحمل|من بحوزته/i;

export const asksPerRider = (message: string) => PER_RIDER.test(message);

/** The rows whose rider the message names, by full name or by a first name of three letters or more. */
export function namedIn<R extends { riderName: string }>(message: string, rows: readonly R[]): R[] {
  const text = message.toLowerCase();
  return rows.filter((r) => {
    const name = r.riderName.toLowerCase();
    const first = name.split(/\s+/)[0] ?? '';
    return text.includes(name) || (first.length >= 3 && new RegExp(`(^|[^\\p{L}])${first.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u').test(text));
  });
}
