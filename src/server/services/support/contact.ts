import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { contactMessages } from '../../../../db/schema';
import type { ContactInput } from '../../../shared/schemas/contact';
import type { Env } from '../../env';
import { mailText, salesMail, sendToSales } from '../integrations';
import { hitRateLimit, perMinute } from '../../lib/rate-limit';

export const contactMail = ({ name, email, phone, company, inquiryType, preferredContact, message }: ContactInput, at: Date) =>
  salesMail({
    subject: mailText('mail.contact.subject', { inquiryType, name }),
    intro: mailText('mail.contact.intro'),
    replyTo: email,
    fields: { name, email, phone, company, inquiryType, preferredContact },
    at,
    message,
  });

/**
 * Keep every contact message (admins read them in the portal) and e-mail it to the sales inbox when
 * SMTP is configured; a failed e-mail leaves emailed_at empty and the submission still succeeds.
 */
export async function submitContact(db: Db, config: Env, input: ContactInput, opts: { ip: string }, now = new Date()) {
  // It sends e-mail: the same per-IP limit as the public chat and leads.
  hitRateLimit(db, perMinute('contact', config.CHAT_MAX_PER_MINUTE), opts.ip, now.getTime());
  const [row] = await db.insert(contactMessages).values({ ...input, createdAt: now }).returning({ id: contactMessages.id });
  if (await sendToSales(config, contactMail(input, now))) {
    await db.update(contactMessages).set({ emailedAt: now }).where(eq(contactMessages.id, row!.id));
  }
  return { success: true as const, id: row!.id };
}
