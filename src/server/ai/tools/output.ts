import { z } from 'zod';
import { CURRENCIES } from '../../../shared/money';

/**
 * Pieces of the tools' output schemas (MCP `outputSchema`): each tool's result as JSON carries it,
 * instants as ISO 8601 strings. The MCP door checks every result against its tool's schema.
 */
export const instant = z.string().describe('ISO 8601 instant, UTC');
export const currency = z.enum(CURRENCIES);
/** Money as a decimal string in its currency (KWD 3 decimals, AED 2). */
export const decimal = z.string().describe('Decimal string in the row\'s currency (KWD 3 decimals, AED 2)');
/** Money per currency: { KWD: '12.500' }; a currency with nothing is left out. */
export const perCurrency = z.partialRecord(currency, decimal);
export const count = z.number().int().min(0);

/** One page of a listing tool: the rows and where they sit in the whole. */
export const pagedOutput = <T extends z.ZodType>(row: T) =>
  z.object({
    items: z.array(row),
    total: count.describe('Rows matching, on every page.'),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    pages: z.number().int().min(1),
  });
