import type { Db } from '../../../../db/client';
import { DEFAULT_TRAVEL_MODEL, type TravelModel } from '../routing';

/**
 * The travel model the dispatcher scores with. The one seam to the learned model (issue 25, item 3):
 * when routing exports `loadTravelModel(db, companyId)`, this becomes `export const travelModelFor = loadTravelModel`.
 */
export const travelModelFor: (db: Db, companyId: string) => Promise<TravelModel> = async () => DEFAULT_TRAVEL_MODEL;
