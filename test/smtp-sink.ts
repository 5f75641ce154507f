import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback (smtp-server, from the nodemailer project) that keeps what it is
 * sent, so the app's real nodemailer client is tested end to end: AUTH with the URL's user and
 * password, the envelope, the headers and the text body. It can refuse messages (550).
 */
export interface SunkMessage {
  envelopeFrom: string;
  envelopeTo: string[];
  headers: Record<string, string>;
  subject: string;
  text: string;
}

export const SINK_USER = 'mailer';
export const SINK_PASS = 's3cret-pass';

/** RFC 2047 encoded words (=?UTF-8?Q?…?= / =?UTF-8?B?…?=) back to text. */
function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toLowerCase() === 'b' ? Buffer.from(data, 'base64').toString('utf8') : decodeQp(data.replace(/_/g, ' ')),
  );
}

function decodeQp(text: string): string {
  const bytes = text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
}

function parse(raw: string): Pick<SunkMessage, 'headers' | 'subject' | 'text'> {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = raw.slice(split + 4);
  const encoding = headers['content-transfer-encoding']?.toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQp(body);
  else if (encoding === 'base64') body = Buffer.from(body, 'base64').toString('utf8');
  return { headers, subject: decodeWords(headers.subject ?? ''), text: body.replace(/\r\n/g, '\n') };
}

/** On a free port, or on `port` (a browser test's server is given its SMTP_URL before the sink starts). */
/** The SMTP_URL that reaches a sink on `port`. */
export const smtpSinkUrl = (port: number) => `smtp://${SINK_USER}:${SINK_PASS}@127.0.0.1:${port}`;

export async function startSmtpSink(port = 0) {
  const messages: SunkMessage[] = [];
  let refuse = false;
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === SINK_USER && auth.password === SINK_PASS) callback(null, { user: SINK_USER });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse) return callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
        const from = session.envelope.mailFrom;
        messages.push({
          envelopeFrom: from ? from.address : '',
          envelopeTo: session.envelope.rcptTo.map((r) => r.address),
          ...parse(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as AddressInfo).port;
  return {
    port: bound,
    url: smtpSinkUrl(bound),
    messages,
    /** Forget the messages and accept again. */
    reset() {
      refuse = false;
      messages.length = 0;
    },
    /** Answer every message with 550 (true) or accept again (false). */
    refuse(on: boolean) {
      refuse = on;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpSink = Awaited<ReturnType<typeof startSmtpSink>>;
