import { z } from 'zod';
import { REGION_IDS } from '../../../shared/regions';
import { RIDER_STATUSES } from '../../../shared/schemas/oversight';
import { listCompaniesPaged, listRidersPaged } from '../../services/directory';
import { defineTool } from '../tool';
import { CURRENCIES } from '../../../shared/money';
import { VEHICLE_TYPES } from '../../../shared/schemas/fields';
import { pageShape, textQuery } from './context';
import { count, currency, instant, pagedOutput } from './output';
import { companyWall } from '../../services/access';

const companyRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  address: z.string(),
  contactPerson: z.string(),
  region: z.enum(REGION_IDS),
  currency,
  active: z.boolean(),
  sheetUrl: z.string().nullable(),
  riders: count,
  orders: count,
});

const riderRow = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES),
  licenseNumber: z.string(),
  status: z.enum(RIDER_STATUSES),
  region: z.enum(CURRENCIES).describe('The currency the rider works in.'),
  onDuty: z.boolean(),
  lastSeenAt: instant.nullable(),
  companyId: z.string(),
  companyName: z.string(),
});

export const listCompanies = defineTool({
  name: 'list_companies',
  title: 'Companies',
  description:
    'Delivery companies on the platform with region (kuwait or uae), currency (KWD or AED), active flag and their rider and order counts, by name, paged. An admin sees every company; a company manager sees only its own company, as the same row (the filters apply to it too: a filter it does not match gives no rows). Filter by text, region and active. Riders cannot call it.',
  input: {
    q: textQuery('company name and email'),
    region: z.enum(REGION_IDS).optional().describe('Only companies in this region.'),
    active: z.boolean().optional().describe('Only active (true) or deactivated (false) companies.'),
    ...pageShape,
  },
  output: pagedOutput(companyRow),
  readOnly: true,
  permission: 'view-analytics',
  run: async (db, scope, input) => listCompaniesPaged(db, input, companyWall(scope, undefined) ?? undefined),
});

export const listRiders = defineTool({
  name: 'list_riders',
  title: 'Riders',
  description:
    'Riders with their company, status (active, inactive, suspended), region currency, vehicle, licence number, whether on duty and when last seen (ISO 8601 UTC). Scoped: an admin sees every company\'s riders and may filter by companyId; a company sees only its own riders (passing another company\'s id is refused with an error). Paged, newest first.',
  input: {
    companyId: z.string().max(40).optional().describe('Only this company\'s riders (admins; a company may pass only its own id).'),
    q: textQuery('rider name, email, phone and licence number'),
    status: z.enum(RIDER_STATUSES).optional().describe('Only riders with this status.'),
    region: z.enum(REGION_IDS).optional().describe('Only riders of companies in this region.'),
    ...pageShape,
  },
  output: pagedOutput(riderRow),
  readOnly: true,
  permission: 'view-analytics',
  run: async (db, scope, input) => listRidersPaged(db, { ...input, companyId: companyWall(scope, input.companyId) ?? undefined }),
});
