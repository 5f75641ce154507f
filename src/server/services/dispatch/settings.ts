import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../../../../db/client';
import { dispatchSettings, orders } from '../../../../db/schema';
import { DISPATCH_DEFAULTS, dispatchSettingsInput, type DispatchSettings } from '../../../shared/schemas/dispatch';
import { audit } from '../../lib/audit';
import type { DbOrTx } from '../cash';

const pick = (row: DispatchSettings): DispatchSettings => ({
  mode: row.mode,
  offerSeconds: row.offerSeconds,
  maxAttempts: row.maxAttempts,
  batchRadiusMeters: row.batchRadiusMeters,
  timeoutsToPause: row.timeoutsToPause,
  maxLoad: row.maxLoad,
});

/** A company's dispatch settings; a company that never saved any dispatches by hand with the defaults. */
export async function dispatchSettingsOf(db: DbOrTx, companyId: string): Promise<DispatchSettings> {
  const [row] = await db.select().from(dispatchSettings).where(eq(dispatchSettings.companyId, companyId)).limit(1);
  return row ? pick(row) : { ...DISPATCH_DEFAULTS };
}

/** Saves the company's settings (validated again here: every door passes through) and audits the change. */
export async function saveDispatchSettings(db: Db, companyId: string, userId: string | null, input: unknown): Promise<DispatchSettings> {
  const next = dispatchSettingsInput.parse(input);
  return db.transaction(async (tx) => {
    const before = await dispatchSettingsOf(tx, companyId);
    const values = { ...next, updatedAt: new Date(), updatedBy: userId };
    await tx.insert(dispatchSettings).values({ companyId, ...values }).onConflictDoUpdate({ target: dispatchSettings.companyId, set: values });
    // Back to manual: the waiting orders are no longer owed an offer (the sweeper would still offer them, dispatch-due.ts).
    if (before.mode === 'auto' && next.mode === 'manual') await tx.update(orders).set({ dispatchDueAt: null }).where(and(eq(orders.companyId, companyId), isNotNull(orders.dispatchDueAt)));
    await audit(tx, { actorId: userId, action: 'dispatch.settings', entity: 'company', entityId: companyId, before, after: next });
    return next;
  });
}

/** A partial change (the shop API's PUT): the fields not sent keep their saved value; the whole is checked as one. */
export async function updateDispatchSettings(db: Db, companyId: string, userId: string | null, patch: Partial<DispatchSettings>): Promise<DispatchSettings> {
  return saveDispatchSettings(db, companyId, userId, { ...(await dispatchSettingsOf(db, companyId)), ...patch });
}
