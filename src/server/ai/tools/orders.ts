import { z } from 'zod';
import { REGION_IDS } from '../../../shared/regions';
import { ORDER_STATUSES } from '../../../shared/schemas/oversight';
import { PRIORITIES } from '../../../shared/schemas/fields';
import { listOrders } from '../../services/orders';
import { defineTool } from '../tool';
import { pageShape, textQuery } from './context';
import { currency, instant, pagedOutput } from './output';
import { companyWall, riderWall } from '../../services/access';
import { inDecimals } from '../../../shared/money-wire';

const orderRow = z.object({
  id: z.string(),
  createdAt: instant,
  status: z.enum(ORDER_STATUSES),
  priority: z.enum(PRIORITIES),
  customerName: z.string(),
  deliveryAddress: z.string(),
  deliveryAddressParts: z
    .looseObject({ country: z.enum(['KW', 'AE']) })
    .nullable()
    .describe('The address in parts (Kuwait: governorate, area, block, street, building...; UAE: emirate, area, street, building, Makani), or null when typed as free text.'),
  deliveryFee: z.string().describe('Decimal amount in `currency`, as text with the currency\'s digits ("1.250" KWD, "12.50" AED)'),
  currency,
  companyId: z.string(),
  companyName: z.string(),
  riderId: z.string().nullable(),
  riderName: z.string().nullable(),
  etaDropoffAt: instant.nullable().describe('When the rider is expected at the drop-off (ISO 8601 UTC), while the order is on its way; null otherwise.'),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use the date format YYYY-MM-DD');

export const searchOrders = defineTool({
  name: 'search_orders',
  title: 'Search orders',
  description:
    'Search delivery orders, newest first, paged. Each row: id, createdAt (ISO 8601 UTC), status (pending, assigned, picked_up, delivered, cancelled, failed), priority, customerName, deliveryAddress, deliveryFee (decimal text in the order\'s currency, KWD with 3 decimals or AED with 2), currency, company, rider and etaDropoffAt (the expected arrival at the drop-off while on its way, else null). Scoped: an admin searches every company (optional companyId filter); a company only its own orders (another company\'s id is refused with an error); a rider only the orders assigned to it. Dates are calendar days in Asia/Kuwait, by creation.',
  input: {
    q: textQuery('customer name, phone and delivery address, or an exact order id'),
    status: z.enum(ORDER_STATUSES).optional().describe('Only orders in this status.'),
    companyId: z.string().max(40).optional().describe('Only this company\'s orders (admins; a company may pass only its own id).'),
    riderId: z.string().max(40).optional().describe('Only orders assigned to this rider (must be a rider the caller may see).'),
    region: z.enum(REGION_IDS).optional().describe('Only orders of companies in this region.'),
    from: isoDate.optional().describe('First creation day, YYYY-MM-DD, inclusive.'),
    to: isoDate.optional().describe('Last creation day, YYYY-MM-DD, inclusive.'),
    ...pageShape,
  },
  output: pagedOutput(orderRow),
  readOnly: true,
  permission: null,
  run: async (db, scope, { riderId, ...input }) => {
    const companyId = companyWall(scope, input.companyId);
    const rider = scope.role === 'rider' || riderId ? (await riderWall(db, scope, riderId)).id : null;
    return inDecimals(await listOrders(db, { ...input, companyId: companyId ?? undefined }, companyId, rider));
  },
});
