/**
 * Offline conflicts (issue 20, item 5): what an outbox write recorded offline met on the server,
 * and what became of it. docs/offline-conflicts.md has the table.
 */
export const FLAG_KINDS = ['order_reassigned', 'order_cancelled', 'duty_ended', 'cash_limit', 'rules', 'too_old', 'pin_mismatch'] as const;
export type FlagKind = (typeof FLAG_KINDS)[number];

/** Applied (with the flag for the company) or refused (the reason kept for the rider and the company). */
export const FLAG_OUTCOMES = ['applied', 'refused'] as const;
export type FlagOutcome = (typeof FLAG_OUTCOMES)[number];

/** The few facts of the original request a reviewer needs (what, which order, when, how much). */
export interface RequestSummary {
  action: string;
  orderId?: string;
  recipientName?: string;
  reason?: string;
  odometerKm?: number;
  /** The phone's time of the event (ISO). */
  at?: string;
}

/** Reason texts are catalog keys with their parameters, so each reader sees them in their language. */
export type FlagParams = Record<string, string | number>;
