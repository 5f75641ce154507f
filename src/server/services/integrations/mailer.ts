import { createTransport } from 'nodemailer';
import { translate, type MessageKey, type MessageParams } from '../../../shared/i18n';

/** Sales e-mails are English whatever language the visitor used (the inbox reads one language). */
export const mailText = (key: MessageKey, params?: MessageParams) => translate('en', key, params);
import { formatDateTime, REGIONS } from '../../../shared/regions';
import type { Env } from '../../env';
import { log } from '../../log';

/**
 * Mail through SMTP (SMTP_URL): to the sales inbox, and managers' invitations. Sending never fails a request: without SMTP_URL
 * nothing is sent, and a failed send is logged and reported as false, so the caller leaves the
 * row's emailed_at empty.
 */
export interface Mail {
  subject: string;
  text: string;
  /** The visitor, so the sales team can answer straight away. */
  replyTo?: string;
}

type Transport = ReturnType<typeof createTransport>;
const transports = new WeakMap<Env, Transport>();

export const mailConfigured = (config: Env) => Boolean(config.SMTP_URL);

function transportFor(config: Env): Transport | null {
  if (!config.SMTP_URL) return null;
  let transport = transports.get(config);
  if (!transport) {
    const ms = config.SMTP_TIMEOUT_MS;
    transport = createTransport({ url: config.SMTP_URL, connectionTimeout: ms, greetingTimeout: ms, socketTimeout: ms, dnsTimeout: ms });
    transports.set(config, transport);
  }
  return transport;
}

/** A header value on one line: a visitor's name must not start a header of its own. */
const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim();

/** Send one message; true once the server accepted it. A failure is logged, never thrown. */
export async function sendMail(config: Env, mail: Mail & { to: string }): Promise<boolean> {
  const transport = transportFor(config);
  if (!transport) return false;
  try {
    await transport.sendMail({
      from: config.MAIL_FROM,
      to: oneLine(mail.to),
      subject: oneLine(mail.subject),
      text: mail.text,
      ...(mail.replyTo ? { replyTo: oneLine(mail.replyTo) } : {}),
    });
    return true;
  } catch (err) {
    log.error(`mail to ${mail.to} failed`, err instanceof Error ? { err: err.message } : err);
    return false;
  }
}

/** Send to SALES_INBOX; true once the server accepted it. */
export const sendToSales = (config: Env, mail: Mail): Promise<boolean> => sendMail(config, { ...mail, to: config.SALES_INBOX });

type MailField = 'name' | 'company' | 'email' | 'phone' | 'source' | 'inquiryType' | 'preferredContact';

/** An e-mail to the sales team: an intro, "Label: value" lines (blanks left out), when it arrived (Kuwait time), then a message. */
export function salesMail(m: { subject: string; intro: string; replyTo: string; fields: Partial<Record<MailField, string>>; at: Date; message?: string }): Mail {
  const lines = Object.entries(m.fields)
    .filter(([, v]) => v)
    .map(([key, v]) => `${mailText(`mail.field.${key as MailField}`)}: ${v}`);
  lines.push(`${mailText('mail.field.received')}: ${formatDateTime(m.at, REGIONS.kuwait)} (${REGIONS.kuwait.timezone})`);
  const message = m.message === undefined ? '' : `\n${mailText('mail.field.message')}:\n${m.message}\n`;
  return { subject: m.subject, replyTo: m.replyTo, text: `${m.intro}\n\n${lines.join('\n')}\n${message}` };
}
