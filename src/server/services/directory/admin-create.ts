import { eq } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { companies, orders, orderStatusEvents, riders, users } from '../../../../db/schema';
import type { AdminRiderInput, CompanyInput, OrderInput } from '../../../shared/schemas/admin';
import { toMinor, type Currency } from '../../../shared/money';
import { REGIONS } from '../../../shared/regions';
import { countryOfRegion } from '../../../shared/gulf/areas';
import { formatAddress } from '../../../shared/gulf/format';
import { currentLocale } from '../../../shared/i18n';
import { conflict, invalid } from '../../errors';
import { audit } from '../../lib/audit';
import { createManagerAccount, deliverInvitation, type InviteDoor } from './company-managers';
import { publishChange } from '../../lib/events';
import { emitOrderEvent, emitRiderCreated } from '../integrations';
import { msg } from '../../../shared/i18n/message';
import { dispatchSettingsOf, startDispatch } from '../dispatch';
import { log } from '../../log';

/**
 * Add Company: the company and its manager's account (role company, from the form's email; named after the
 * contact person, else the company) in one transaction, with a one-time invitation returned once as
 * `invitationUrl` (and e-mailed when SMTP is configured).
 */
export async function createCompany(db: Db, door: InviteDoor, actorId: string, input: CompanyInput) {
  const region = REGIONS[input.region];
  const managerName = input.contactPerson || input.name;
  const { row, manager, invitation } = await db.transaction(async (tx) => {
    const [c] = await tx
      .insert(companies)
      .values({ name: input.name, email: input.email, phone: input.phone, address: input.address, contactPerson: input.contactPerson, region: region.id, currency: region.currency })
      .returning();
    await audit(tx, { actorId, action: 'create', entity: 'company', entityId: c!.id, after: c });
    const { user, invitation } = await createManagerAccount(tx, actorId, c!.id, { email: input.email, name: managerName });
    return { row: c!, manager: user, invitation };
  });
  publishChange('companies');
  const delivered = await deliverInvitation(door, { email: manager.email, name: managerName, company: row.name }, invitation);
  return {
    success: true as const,
    message: 'Company added',
    company: { id: row.id, name: row.name },
    manager: { id: manager.id, email: manager.email, name: managerName },
    ...delivered,
  };
}

async function companyOrThrow(db: Db, companyId: string, field: string) {
  const company = await db.query.companies.findFirst({ where: eq(companies.id, companyId) });
  if (!company) throw invalid(msg('errors.chooseCompany'), field);
  return company;
}

export async function assertRiderEmailFree(db: Db, email: string) {
  const [taken] = await db
    .select({ id: riders.id })
    .from(riders)
    .where(eq(riders.email, email))
    .union(db.select({ id: users.id }).from(users).where(eq(users.email, email)));
  if (taken) throw conflict(msg('errors.emailTaken'), 'email');
}

export async function createRiderByAdmin(db: Db, actorId: string, input: AdminRiderInput) {
  const company = await companyOrThrow(db, input.company, 'company');
  await assertRiderEmailFree(db, input.email);
  const row = await db.transaction(async (tx) => {
    const [r] = await tx
      .insert(riders)
      .values({ companyId: company.id, name: input.name, email: input.email, phone: input.phone, vehicleType: input.vehicleType, licenseNumber: input.licensePlate, region: company.currency })
      .returning();
    await audit(tx, { actorId, action: 'create', entity: 'rider', entityId: r!.id, after: r });
    return r!;
  });
  publishChange('riders');
  await emitRiderCreated(db, row);
  return { success: true as const, message: 'Rider added', rider: { id: row.id } };
}

/** The row of a new order in its company's currency (fee and cash on delivery in minor units); also used by the CSV import. */
export function orderValues(company: { id: string; currency: Currency }, actorId: string, input: OrderInput, source: 'form' | 'import' | 'demo' | 'api' = 'form') {
  const codAmountMinor = toMinor(input.codAmount, company.currency);
  return {
    companyId: company.id,
    customerName: input.customerName,
    customerPhone: input.customerPhone,
    customerEmail: input.customerEmail,
    pickupAddress: input.pickupAddressParts ? formatAddress(input.pickupAddressParts, currentLocale()) : input.pickupAddress,
    deliveryAddress: input.deliveryAddressParts ? formatAddress(input.deliveryAddressParts, currentLocale()) : input.deliveryAddress,
    pickupAddressParts: input.pickupAddressParts ?? null,
    deliveryAddressParts: input.deliveryAddressParts ?? null,
    itemDescription: input.itemDescription,
    deliveryFeeMinor: toMinor(input.deliveryFee, company.currency),
    codAmountMinor,
    paymentMethod: codAmountMinor > 0 ? ('cash' as const) : ('prepaid' as const),
    currency: company.currency,
    priority: input.priority,
    notes: input.notes,
    source,
    createdBy: actorId,
  };
}

/** Columns only the shop API (/api/v1, services/orders/api-orders.ts) sets: points, promise, customer language, idempotency key. */
export type OrderExtras = Pick<
  typeof orders.$inferInsert,
  'pickupLat' | 'pickupLng' | 'dropoffLat' | 'dropoffLng' | 'promisedAt' | 'customerLocale' | 'apiIdempotencyKey' | 'apiRequestHash'
>;

/** An order for a company: an admin names it, a company manager's own is implied. The demo simulator passes its clock and 'demo'; the shop API 'api' and its extras. */
export async function createOrder(
  db: Db,
  actorId: string,
  companyId: string | undefined,
  input: OrderInput,
  opts: { now?: Date; source?: 'form' | 'demo' | 'api'; extras?: OrderExtras; autoDispatch?: boolean } = {},
) {
  if (!companyId) throw invalid(msg('errors.orderCompanyRequired'), 'companyId');
  const company = await companyOrThrow(db, companyId, 'companyId');
  if (input.currency !== company.currency) {
    throw invalid(msg('errors.orderCurrency', { company: company.name, currency: company.currency }), 'currency');
  }
  for (const field of ['pickupAddressParts', 'deliveryAddressParts'] as const) {
    const parts = input[field];
    if (parts && parts.country !== countryOfRegion(company.region)) throw invalid(msg('address.error.country'), field);
  }
  // Issue 25: a company in automatic dispatch offers the order now (the demo simulator plays manual dispatch itself);
  // the shop API's `autoDispatch` overrides the company's mode for this order. Marked owed with the order, so that an
  // offer that fails is tried again by the sweeper (services/dispatch/dispatch-due.ts).
  const auto = opts.source !== 'demo' && (opts.autoDispatch ?? (await dispatchSettingsOf(db, company.id)).mode === 'auto');
  const createdAt = opts.now ?? new Date();
  const row = await db.transaction(async (tx) => {
    const [o] = await tx
      .insert(orders)
      .values({ ...orderValues(company, actorId, input, opts.source), ...opts.extras, createdAt, dispatchDueAt: auto ? createdAt : null })
      .returning();
    await tx.insert(orderStatusEvents).values({ orderId: o!.id, status: 'pending', actorId, at: o!.createdAt });
    await audit(tx, { actorId, action: 'create', entity: 'order', entityId: o!.id, after: o });
    return o!;
  });
  publishChange('orders');
  await emitOrderEvent(db, row, 'order.created');
  // The order stands whatever happens to its first offer: it waits for a rider as any pending order does.
  if (auto) await startDispatch(db, row.id, opts.now, { autoDispatch: true }).catch((err) => log.error('dispatch of a new order failed', { orderId: row.id, err: String(err) }));
  return { success: true as const, message: 'Order created', order: { id: row.id } };
}

