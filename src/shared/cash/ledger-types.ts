/**
 * The cash ledger's vocabulary (issue 9). Every posting is a journal of two or more entries whose
 * amounts (integer minor units: fils for KWD, fils/100 for AED) sum to zero within one currency.
 *
 * Accounts, per rider and currency:
 * - `customer`: where collected cash comes from (always ≤ 0).
 * - `hand`: cash the rider holds (cash on hand).
 * - `transit`: handed over by the rider, not yet counted by the company (pending submission).
 * - `company`: counted and received by the company.
 * - `discrepancy`: the difference between what the rider handed over and what the company counted,
 *   until the company resolves it (positive: short, negative: over).
 * - `writeoff`: discrepancies the company absorbed.
 * - `adjustment`: the other side of corrections (who and why on the entry).
 */
export const LEDGER_ACCOUNTS = ['customer', 'hand', 'transit', 'company', 'discrepancy', 'writeoff', 'adjustment'] as const;
export type LedgerAccount = (typeof LEDGER_ACCOUNTS)[number];

/**
 * What a journal records:
 * - `collection`: customer → hand, when a cash order is delivered (one per order).
 * - `collection_reversal`: hand → customer, when a delivered cash order is undone.
 * - `handover_submitted`: hand → transit, the rider hands cash over (a cash submission).
 * - `handover_cancelled`: transit → hand, a pending hand-over withdrawn.
 * - `handover_received`: transit → company (+ discrepancy for a difference), the company counted it.
 * - `discrepancy_resolved`: discrepancy → hand (rider still owes it), writeoff (absorbed) or company (found).
 * - `correction`: hand ↔ adjustment, a manual correction with a reason.
 */
export const LEDGER_KINDS = [
  'collection',
  'collection_reversal',
  'handover_submitted',
  'handover_cancelled',
  'handover_received',
  'discrepancy_resolved',
  'correction',
] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** A cash submission's life: pending → confirmed (counted, equal) | discrepancy (counted, differs) → resolved; or cancelled / disputed. */
export const HANDOVER_STATUSES = ['pending', 'confirmed', 'discrepancy', 'resolved', 'disputed', 'cancelled'] as const;
export type HandoverStatus = (typeof HANDOVER_STATUSES)[number];

/** How the cash left the rider: handed to the company, or paid into the company's bank (deposit slip). */
export const HANDOVER_CHANNELS = ['handover', 'bank_deposit'] as const;
export type HandoverChannel = (typeof HANDOVER_CHANNELS)[number];

/**
 * How the company verified receipt: scanning the rider's QR code, typing the one-time code, or (a bank
 * deposit, where no one meets) checking the photographed deposit slip against its bank account.
 */
export const RECEIPT_METHODS = ['qr', 'code', 'slip'] as const;
export type ReceiptMethod = (typeof RECEIPT_METHODS)[number];

/** How a discrepancy is settled. */
export const DISCREPANCY_RESOLUTIONS = ['rider_owes', 'write_off', 'found'] as const;
export type DiscrepancyResolution = (typeof DISCREPANCY_RESOLUTIONS)[number];
