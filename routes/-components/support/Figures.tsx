import { numberText } from '../../../src/client/format';
import { formatMoney } from '../../../src/shared/money';
import type { Currency } from '../../../src/shared/money';

/**
 * The figures behind an analysis, whatever their shape: amounts ({ minor, currency }) as money,
 * lists of records as tables, nested records as nested lists. Keys are the data's own names.
 */
export function Figures({ value }: { value: Record<string, unknown> }) {
  return <Fields value={value} />;
}

type Money = { minor: number; currency: Currency };
const isMoney = (v: unknown): v is Money =>
  typeof v === 'object' && v !== null && typeof (v as Money).minor === 'number' && ((v as Money).currency === 'KWD' || (v as Money).currency === 'AED');
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** Nested records and lists of records take a whole row. */
const isBlock = (v: unknown) => (isRecord(v) && !isMoney(v)) || (Array.isArray(v) && v.length > 0 && v.every(isRecord));
/** Ids mean nothing to a reader. */
const shown = (key: string) => key !== 'id' && !/Id$/.test(key);

export function label(key: string): string {
  const words = key
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z0-9])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .map((w) => (/^(KWD|AED)$/i.test(w) ? w.toUpperCase() : w.toLowerCase()))
    .join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function Value({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <span className="text-base-content/70">—</span>;
  if (isMoney(value)) return <span className="tabular-nums">{formatMoney(value.minor, value.currency)}</span>;
  if (Array.isArray(value)) {
    if (value.length === 0) return <span className="text-base-content/70">—</span>;
    if (value.every(isRecord)) return <Table rows={value} />;
    return <span>{value.map(String).join(', ')}</span>;
  }
  if (isRecord(value)) return <Fields value={value} />;
  if (typeof value === 'number') return <span className="tabular-nums">{numberText(value, { maximumFractionDigits: 2 })}</span>;
  return <span>{String(value)}</span>;
}

function Fields({ value }: { value: Record<string, unknown> }) {
  return (
    <dl className="grid grid-cols-[minmax(0,1fr)_minmax(0,1.4fr)] gap-x-3 gap-y-1.5 text-sm">
      {Object.entries(value)
        .filter(([k]) => shown(k))
        .map(([k, v]) =>
          isBlock(v) ? (
            <div key={k} className="col-span-2 space-y-1">
              <dt className="font-medium">{label(k)}</dt>
              <dd className="border-s-2 border-base-300 ps-3">
                <Value value={v} />
              </dd>
            </div>
          ) : (
            <div key={k} className="col-span-2 grid grid-cols-subgrid">
              <dt className="text-base-content/70">{label(k)}</dt>
              <dd className="min-w-0 break-words">
                <Value value={v} />
              </dd>
            </div>
          ),
        )}
    </dl>
  );
}

function Table({ rows }: { rows: Record<string, unknown>[] }) {
  const keys = [...new Set(rows.flatMap((r) => Object.keys(r)))].filter(shown);
  return (
    <div className="overflow-x-auto rounded-box border border-base-300">
      <table className="table table-xs">
        <thead>
          <tr>
            {keys.map((k) => (
              <th key={k}>{label(k)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r, i) => (
            <tr key={i}>
              {keys.map((k) => (
                <td key={k} className="whitespace-nowrap">
                  <Value value={r[k]} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
