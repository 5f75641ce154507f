import type { Db } from '../../../../db/client';
import { loadTravelModel, type TravelModel } from '../routing';

/** The travel model the dispatcher scores with: the company's learned model (issue 25, item 3; docs/decisions/013-eta-model.md). */
export const travelModelFor: (db: Db, companyId: string) => Promise<TravelModel> = loadTravelModel;
