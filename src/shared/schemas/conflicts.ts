import { z } from 'zod';

/** The company's flagged records: only those still to review, or all (newest first). */
export const flagListInput = z.object({ open: z.boolean().optional(), limit: z.number().int().min(1).max(200).optional() }).optional();
