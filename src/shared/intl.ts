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

/**
 * The time zone dates are shown in when a formatter names none: the device's, except while the server renders a
 * screen for a phone (routes/-ssr/render-worker.tsx), which sets the phone's here.
 */
let renderTimeZone: string | undefined;
export function setRenderTimeZone(timeZone: string | undefined): void {
  renderTimeZone = timeZone;
}
export function localTimeZone(): string | undefined {
  try {
    return renderTimeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}
const inRenderZone = (options?: Intl.DateTimeFormatOptions) =>
  renderTimeZone && !options?.timeZone ? { ...options, timeZone: renderTimeZone } : options;

export const numberFormat = (locale: string, options?: Intl.NumberFormatOptions) => cached('n', locale, options, () => new Intl.NumberFormat(locale, options));
export const dateTimeFormat = (locale: string, options?: Intl.DateTimeFormatOptions) => {
  const o = inRenderZone(options);
  return cached('d', locale, o, () => new Intl.DateTimeFormat(locale, o));
};
export const relativeTimeFormat = (locale: string, options?: Intl.RelativeTimeFormatOptions) => cached('r', locale, options, () => new Intl.RelativeTimeFormat(locale, options));
export const pluralRules = (locale: string) => cached('p', locale, undefined, () => new Intl.PluralRules(locale));
