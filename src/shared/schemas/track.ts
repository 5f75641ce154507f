import { z } from 'zod';
import { byKey } from '../i18n/message';

/** The public tracking link's code: 24 lowercase hex characters (120 random bits). */
export const TRACKING_CODE_PATTERN = /^[0-9a-f]{24}$/;
export const trackingCodeInput = z.object({ code: z.string().regex(TRACKING_CODE_PATTERN, byKey('errors.trackingCodeInvalid')) });

/** A rider's last position is shown on the tracking page only while this fresh. */
export const LIVE_POSITION_MAX_AGE_MS = 15 * 60_000;

/** The page stops refreshing at these; a failed order may still go back to pending, so it keeps polling. */
export const FINAL_ORDER_STATUSES = ['delivered', 'cancelled'] as const;
