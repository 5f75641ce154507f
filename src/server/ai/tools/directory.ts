import { z } from 'zod';
import { REGION_IDS } from '../../../shared/regions';
import { RIDER_STATUSES } from '../../../shared/schemas/oversight';
import { listCompaniesPaged, listRidersPaged } from '../../services/admin-directory';
import { companyProfile } from '../../services/company-overview';
import { defineTool } from '../tool';
import { pageShape, textQuery } from './context';
import { companyWall } from './scope';

export const listCompanies = defineTool({
  name: 'list_companies',
  description:
    'Delivery companies on the platform with region (kuwait or uae), currency (KWD or AED), active flag and their rider and order counts. An admin sees every company (filter by text, region, active; paged); a company manager sees only its own company. Riders cannot call it.',
  input: {
    q: textQuery('company name and email'),
    region: z.enum(REGION_IDS).optional().describe('Only companies in this region.'),
    active: z.boolean().optional().describe('Only active (true) or deactivated (false) companies.'),
    ...pageShape,
  },
  roles: ['admin', 'company'],
  run: async (db, scope, input) => {
    if (scope.role === 'admin') return listCompaniesPaged(db, input);
    const own = await companyProfile(db, companyWall(scope, undefined)!);
    return { items: [own], total: 1, page: 1, pageSize: 1, pages: 1 };
  },
});

export const listRiders = defineTool({
  name: 'list_riders',
  description:
    'Riders with their company, status (active, inactive, suspended), region currency, vehicle, licence number, whether on duty and when last seen (ISO 8601 UTC). Scoped: an admin sees every company\'s riders and may filter by companyId; a company sees only its own riders (passing another company\'s id is refused with an error). Paged, newest first.',
  input: {
    companyId: z.string().max(40).optional().describe('Only this company\'s riders (admins; a company may pass only its own id).'),
    q: textQuery('rider name, email, phone and licence number'),
    status: z.enum(RIDER_STATUSES).optional().describe('Only riders with this status.'),
    region: z.enum(REGION_IDS).optional().describe('Only riders of companies in this region.'),
    ...pageShape,
  },
  roles: ['admin', 'company'],
  run: async (db, scope, input) => listRidersPaged(db, { ...input, companyId: companyWall(scope, input.companyId) ?? undefined }),
});
