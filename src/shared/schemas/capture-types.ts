/** What a rider can scan (spec section 2, Scanner). */
export const CAPTURE_TYPES_LIST = ['start_odometer', 'end_odometer', 'receipt', 'cash', 'proof'] as const;
export type CaptureType = (typeof CAPTURE_TYPES_LIST)[number];
