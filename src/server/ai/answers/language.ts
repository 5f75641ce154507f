import type { Locale } from '../../../shared/i18n';

/**
 * The language an answer is written in: Arabic when the question is written in Arabic letters,
 * otherwise the request's (the user's stored choice, the switch, the browser). Both providers use it.
 */
export const replyLocale = (message: string, requestLocale: Locale): Locale => (/[\u0600-\u06FF]/.test(message) ? 'ar' : requestLocale);
