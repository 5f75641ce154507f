import { and, desc, eq, gte } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { leads } from '../../../../db/schema';
import { REGIONS } from '../../../shared/regions';
import type { NotifyEmailInput } from '../../../shared/schemas/ai';
import { startOfDayInZone } from '../../../shared/time';
import { wellFormedPhone } from '../../../shared/phone';
import type { Env } from '../../env';
import { mailConfigured, mailText, salesMail, sendToSales } from '../integrations';
import { hitRateLimit, perMinute } from '../../lib/rate-limit';

/** Leads are days in Kuwait: the same email again on the same Kuwait day updates that day's lead. */
const LEAD_DAY_ZONE = REGIONS.kuwait.timezone;

export const leadMail = (lead: { name: string; company: string; email: string; phone: string; source: string }, at: Date) =>
  salesMail({
    subject: mailText('mail.lead.subject', { name: lead.name, company: lead.company }),
    intro: mailText('mail.lead.intro'),
    replyTo: lead.email,
    fields: lead,
    at,
  });

/**
 * POST /api/notify-email: store the lead (one per email per Kuwait day), then e-mail the sales inbox
 * when SMTP is configured and this version of the lead has not been sent yet. Without SMTP, admins
 * see the lead in the portal (ai.leads).
 */
export async function notifyLead(db: Db, config: Env, input: NotifyEmailInput, opts: { ip: string; now?: Date }) {
  const now = opts.now ?? new Date();
  hitRateLimit(db, perMinute('notify-email', config.CHAT_MAX_PER_MINUTE), opts.ip, now.getTime());
  const { name, company, email } = input.customerData;
  const phone = (input.customerData.phone && wellFormedPhone(input.customerData.phone)) || '';
  const since = startOfDayInZone(now, LEAD_DAY_ZONE);
  const existing = await db.query.leads.findFirst({
    where: and(eq(leads.email, email), gte(leads.createdAt, since)),
    orderBy: desc(leads.createdAt),
  });
  const lead = { name, company, email, phone: phone || existing?.phone || '', source: input.source };
  let id: string;
  if (existing) {
    id = existing.id;
    await db.update(leads).set(lead).where(eq(leads.id, id));
  } else {
    const [row] = await db.insert(leads).values({ ...lead, createdAt: now }).returning({ id: leads.id });
    id = row!.id;
  }
  const unchanged = existing && existing.name === lead.name && existing.company === lead.company && existing.phone === lead.phone;
  if (mailConfigured(config) && !(unchanged && existing.emailedAt)) {
    const sent = await sendToSales(config, leadMail(lead, now));
    await db.update(leads).set({ emailedAt: sent ? now : null }).where(eq(leads.id, id));
  }
  return { success: true as const };
}
