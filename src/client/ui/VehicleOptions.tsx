import type { MessageKey } from '../../shared/i18n';
import { VEHICLE_TYPES } from '../../shared/schemas/fields';
import { useT } from '../i18n';

/** The vehicle types as <option>s, labelled from the catalog. */
export function VehicleOptions() {
  const t = useT();
  return (
    <>
      {VEHICLE_TYPES.map((k) => (
        <option key={k} value={k}>
          {t(`vehicle.${k}` as MessageKey)}
        </option>
      ))}
    </>
  );
}
