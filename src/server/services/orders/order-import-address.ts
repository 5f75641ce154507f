import { allAreas, areasOf, DIVISIONS, foldName, type AddressCountry, type Area, type Division } from '../../../shared/gulf/areas';
import { currentLocale, t } from '../../../shared/i18n';
import { addressParts, type AddressParts } from '../../../shared/schemas/address';
import {
  ADDRESS_IMPORT_PART_NAMES,
  ADDRESS_IMPORT_PARTS,
  type AddressImportColumn,
  type AddressImportPart,
  type AddressSide,
  type ImportRowError,
} from '../../../shared/schemas/order-import';

/**
 * One side's structured address of a CSV row (issue 8): the cells of `deliveryGovernorate`,
 * `deliveryArea`, … read into `addressParts` for the company's country. Governorate/emirate and area
 * are matched by id, English or Arabic name, folded as the area search folds them; a missing
 * governorate is taken from the area when only one has it. Every problem names its cell's column.
 */
export type AddressCells = Partial<Record<AddressImportColumn, string>>;

export type SideAddress =
  /** No part of the country given: the row's text column is the address (`errors`: cells of the other country's columns). */
  | { kind: 'text'; errors: ImportRowError[] }
  | { kind: 'parts'; parts: AddressParts }
  | { kind: 'invalid'; errors: ImportRowError[] };

const column = (side: AddressSide, part: AddressImportPart) => `${side}${part}` as AddressImportColumn;

/** The schema's field of a part column: Paci → paci. */
const field = (part: AddressImportPart) => `${part[0]!.toLowerCase()}${part.slice(1)}`;

const matches = (value: string, names: readonly string[]) => {
  const q = foldName(value);
  return q !== '' && names.some((n) => foldName(n) === q);
};

function findDivision(country: AddressCountry, value: string): Division | undefined {
  return DIVISIONS[country].find((d) => matches(value, [d.id, d.en, d.ar]));
}

function findAreas(country: AddressCountry, value: string, divisionId?: string): Area[] {
  const pool = divisionId ? areasOf(country, divisionId) : allAreas(country);
  return pool.filter((a) => matches(value, [a.id, a.en, a.ar]));
}

export function readSideAddress(cells: AddressCells, side: AddressSide, country: AddressCountry, row: number): SideAddress {
  const value = (part: AddressImportPart) => (cells[column(side, part)] ?? '').trim();
  const own: readonly AddressImportPart[] = ADDRESS_IMPORT_PARTS[country];
  const errors: ImportRowError[] = [];
  const push = (part: AddressImportPart, message: string) => {
    if (!errors.some((e) => e.field === column(side, part))) errors.push({ row, field: column(side, part), message });
  };

  // A cell in the other country's column (a Makani number for a Kuwait company) is a mistake, not ignored.
  const other: AddressCountry = country === 'KW' ? 'AE' : 'KW';
  for (const part of ADDRESS_IMPORT_PART_NAMES) {
    if (!own.includes(part) && value(part)) push(part, t('errors.importOtherCountry', { other: t(`errors.importCountry.${other}`), country: t(`errors.importCountry.${country}`) }));
  }
  if (!own.some((p) => value(p))) return { kind: 'text', errors };

  const divisionPart: AddressImportPart = country === 'KW' ? 'Governorate' : 'Emirate';
  let division: Division | undefined;
  if (value(divisionPart)) {
    division = findDivision(country, value(divisionPart));
    if (!division) push(divisionPart, t('errors.importDivisionUnknown', { value: value(divisionPart), divisionKinds: t(`errors.importDivisionKinds.${country}`) }));
  }
  let areaId = '';
  const areaText = value('Area');
  if (areaText && (division || !value(divisionPart))) {
    const found = findAreas(country, areaText, division?.id);
    const divisions = new Set(found.map((a) => a.division));
    if (found.length === 0) {
      push(
        'Area',
        division
          ? t('errors.importAreaUnknown', { area: areaText, division: division[currentLocale()] })
          : t('errors.importAreaUnknownCountry', { area: areaText, country: t(`errors.importCountry.${country}`) }),
      );
    } else if (divisions.size > 1) {
      push('Area', t('errors.importAreaAmbiguous', { area: areaText, divisionKind: t(`errors.importDivisionKind.${country}`), column: column(side, divisionPart) }));
    } else {
      areaId = found[0]!.id;
      division ??= DIVISIONS[country].find((d) => d.id === found[0]!.division);
    }
  }

  const raw: Record<string, unknown> = { country, [field(divisionPart)]: division?.id ?? '', area: areaId };
  for (const part of own) if (part !== divisionPart && part !== 'Area') raw[field(part)] = value(part);
  const parsed = addressParts.safeParse(raw);
  // A governorate or area that could not be read already has its message; the schema's would repeat it.
  const unread = errors.some((e) => e.field === column(side, divisionPart) || e.field === column(side, 'Area'));
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const part = own.find((p) => field(p) === String(issue.path[0] ?? '')) ?? 'Area';
    if (!(unread && (part === divisionPart || part === 'Area'))) push(part, issue.message);
  }
  return parsed.success && !errors.length ? { kind: 'parts', parts: parsed.data } : { kind: 'invalid', errors };
}
