import type { DocumentType } from '../src/shared/compliance/types';
import { REGIONS } from '../src/shared/regions';
import { addDays, documentTypesFor } from '../src/shared/schemas/documents';
import { localIsoDate } from '../src/shared/schemas/order-import';
import type { Db } from './client';
import { riderDocuments, type riders } from './schema';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type SeedRider = typeof riders.$inferSelect;

/**
 * Demo rider documents (issue 9), dated from `now` so the demo always shows the same picture: the two
 * demo sign-in riders have everything valid (so Start Duty works); among the others one residency has
 * expired, a licence and an insurance expire within 30 days, a health certificate expired weeks ago
 * and one rider has no driving licence on record. The reminder sweep at server start turns these into
 * notices. Riders are in seed order: index 0 is the demo account, index 5 inactive.
 */
export async function seedDocuments(db: Db | Tx, fleets: { riders: SeedRider[]; managerId: string }[], now: number): Promise<void> {
  const rows: (typeof riderDocuments.$inferInsert)[] = [];
  for (const { riders: list, managerId } of fleets) {
    list.forEach((r, i) => {
      const region = r.region === 'AED' ? REGIONS.uae : REGIONS.kuwait;
      const today = localIsoDate(new Date(now), region.timezone);
      // Valid for a year or more, staggered per rider; exceptions below.
      const days: Partial<Record<DocumentType, number>> = Object.fromEntries(documentTypesFor(r.region).map((type, k) => [type, 200 + ((i * 97 + k * 61) % 500)]));
      if (i === 1) days.residency = -3;
      if (i === 2) Object.assign(days, { driving_licence: 12, vehicle_insurance: 25 });
      if (i === 3) delete days.driving_licence;
      if (i === 4) days.health_certificate = -40;
      if (i === 5) days.driving_licence = -120;
      if (r.vehicleType === 'bicycle') {
        delete days.vehicle_registration;
        delete days.vehicle_insurance;
      }
      for (const [k, [type, d]] of (Object.entries(days) as [DocumentType, number][]).entries()) {
        rows.push({
          riderId: r.id,
          type,
          number: documentNumber(type, r, i * 7 + k),
          expiresOn: addDays(today, d),
          updatedBy: managerId,
          updatedAt: new Date(now - (30 + i) * 86_400_000),
        });
      }
    });
  }
  if (rows.length) await db.insert(riderDocuments).values(rows);
}

function documentNumber(type: DocumentType, r: SeedRider, n: number): string {
  const serial = String(1_000_000 + (((n + 1) * 130_267) % 1_000_000)).slice(1);
  const i = Math.floor(n / 7);
  switch (type) {
    case 'civil_id':
      return `2${String(880_000 + i * 10_311).padStart(6, '0')}${serial.slice(0, 5)}`;
    case 'emirates_id':
      return `784-19${88 + i}-${serial}-${i + 1}`;
    case 'driving_licence':
      return r.licenseNumber;
    case 'residency':
      return `${r.region === 'AED' ? 'UID' : 'RES'}-${serial}`;
    case 'health_certificate':
      return `HC-${serial}`;
    case 'vehicle_registration':
      return `REG-${serial}`;
    case 'vehicle_insurance':
      return `INS-${serial}`;
  }
}
