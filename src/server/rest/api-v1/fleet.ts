import { apiDispatchSettings, apiDispatchSettingsPut, apiRiderList } from '../../../shared/schemas/api-v1';
import { dispatchSettingsOf, updateDispatchSettings } from '../../services/dispatch';
import { companyRidersNow } from '../../services/directory';
import type { DispatchSettings } from '../../../shared/schemas/dispatch';
import type { ApiRoute } from './route';

/** The company's riders and its dispatch settings. */
export const FLEET_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/v1/riders',
    operationId: 'listRiders',
    summary: 'List riders',
    description: 'Your riders with their status, duty, last position and its age, and current load.',
    responses: { 200: { description: 'Your riders.', schema: apiRiderList } },
    handle: async (c) => ({ status: 200, body: { items: await companyRidersNow(c.var.db, c.var.companyId) } }),
  },
  {
    method: 'get',
    path: '/v1/dispatch/settings',
    operationId: 'getDispatchSettings',
    summary: 'Get the dispatch settings',
    responses: { 200: { description: 'Your dispatch settings (manual with the defaults until saved).', schema: apiDispatchSettings } },
    handle: async (c) => ({ status: 200, body: await dispatchSettingsOf(c.var.db, c.var.companyId) }),
  },
  {
    method: 'put',
    path: '/v1/dispatch/settings',
    operationId: 'updateDispatchSettings',
    summary: 'Change the dispatch settings',
    description: 'mode, offerSeconds (15-600), maxAttempts (1-20) and batchRadiusMeters (0-5000) are required; timeoutsToPause and maxLoad keep their value unless sent.',
    body: apiDispatchSettingsPut,
    responses: { 200: { description: 'The settings as saved.', schema: apiDispatchSettings } },
    handle: async (c, { body }) => ({ status: 200, body: await updateDispatchSettings(c.var.db, c.var.companyId, c.var.actor.userId, body as Partial<DispatchSettings>) }),
  },
];
