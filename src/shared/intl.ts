/**
 * Intl formatters, made once per locale and options and kept: making one costs far more than using it (tens
 * of µs on a desktop, several times that on a cheap phone; the Umm al-Qura calendar loads ICU data), and the
 * rider app formats dozens of figures and zone times per render, re-rendering every second while on duty.
 * Client and server share these (money, zone offsets, the working rules).
 */
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.PluralRules;

const formatters = new Map<string, Formatter>();

function cached<F extends Formatter>(kind: string, locale: string, options: object | undefined, make: () => F): F {
  const key = `${kind}|${locale}|${options ? JSON.stringify(options) : ''}`;
  let f = formatters.get(key) as F | undefined;
  if (!f) formatters.set(key, (f = make()));
  return f;
}

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) => cached('n', locale, options, () => new Intl.NumberFormat(locale, options));
export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) => cached('d', locale, options, () => new Intl.DateTimeFormat(locale, options));
export const relativeTimeFormat = (locale: string, options?: Intl.RelativeTimeFormatOptions) => cached('r', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
export const pluralRules = (locale: string) => cached('p', locale, undefined, () => new Intl.PluralRules(locale));
