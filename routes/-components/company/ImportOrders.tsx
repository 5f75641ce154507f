import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { MessageKey } from '../../../src/shared/i18n';
import { countryOfRegion } from '../../../src/shared/gulf/areas';
import {
  addressImportColumns,
  IMPORT_COLUMNS,
  IMPORT_LIMITS,
  REQUIRED_ADDRESS_IMPORT_PARTS,
  REQUIRED_IMPORT_COLUMNS,
  type AddressImportCountry,
} from '../../../src/shared/schemas/order-import';
import type { RouterOutputs } from '../../../src/server/trpc/root';
import { numberText } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';
import { trpc, trpcClient } from '../../../src/client/trpc';
import { Modal } from '../../../src/client/ui/Modal';

type Result = RouterOutputs['company']['importOrders'];

/** Choose a CSV file, see every row's problems, then import it (or only its valid rows). */
export function ImportOrders({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<Result | null>(null);
  const check = useMutation({
    mutationFn: (text: string) => trpcClient.company.importOrders.mutate({ csv: text, dryRun: true }),
    onSuccess: setPreview,
  });
  const run = useMutation({
    mutationFn: (validOnly: boolean) => trpcClient.company.importOrders.mutate({ csv: csv ?? '', validOnly }),
    onSuccess: async (res) => {
      toast({ title: t('companyOrders.import.done'), description: t('companyOrders.import.doneText', { count: res.imported }), variant: 'success' });
      close();
      await queryClient.invalidateQueries({ queryKey: trpc.company.pathKey() });
    },
    onError: (err) => toast({ title: t('companyOrders.import.failed'), description: err.message, variant: 'destructive' }),
  });
  function close() {
    setCsv(null);
    setPreview(null);
    check.reset();
    onClose();
  }
  const choose = async (file: File | undefined) => {
    setPreview(null);
    check.reset();
    if (!file) return;
    const text = await file.text();
    setCsv(text);
    check.mutate(text);
  };
  const invalid = preview ? preview.totalRows - preview.validRows : 0;
  const { data: profile } = useQuery(trpc.company.profile.queryOptions());
  const country = countryOfRegion(profile?.region ?? 'kuwait');
  return (
    <Modal open={open} onClose={close} title={t('companyOrders.import.title')} testId="import-orders">
      <div className="space-y-4">
        <p className="text-sm text-base-content/80">{t('companyOrders.import.intro')}</p>
        <ul className="flex flex-wrap gap-1.5" aria-label={t('companyOrders.import.column')}>
          {IMPORT_COLUMNS.map((c) => (
            <li key={c}>
              <code className="badge badge-ghost badge-sm font-mono" dir="ltr">
                {c}
                {REQUIRED_IMPORT_COLUMNS.includes(c) ? ' *' : ''}
              </code>
            </li>
          ))}
        </ul>
        <AddressColumns country={country} />
        <p className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <a className="link link-primary" href={`/api/company/orders/template.csv${country === 'AE' ? '?region=uae' : ''}`} download data-testid="import-template">
            {t('companyOrders.import.template')}
          </a>
          <span className="text-base-content/70">{t('companyOrders.import.limits', { rows: numberText(IMPORT_LIMITS.rows) })}</span>
        </p>
        <label className="fieldset py-0">
          <span className="fieldset-legend pb-1">{t('companyOrders.import.file')}</span>
          <input type="file" accept=".csv,text/csv" className="file-input w-full" data-testid="import-file" onChange={(e) => void choose(e.target.files?.[0])} />
        </label>
        {check.isPending ? <p className="text-sm text-base-content/70">{t('companyOrders.import.checking')}</p> : null}
        {check.error ? (
          <div role="alert" className="alert alert-error alert-soft text-sm">
            {check.error.message}
          </div>
        ) : null}
        {preview ? <Preview preview={preview} invalid={invalid} /> : null}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" className="btn btn-ghost" onClick={close}>
            {t('form.cancel')}
          </button>
          {preview && invalid > 0 && preview.validRows > 0 ? (
            <button type="button" className="btn btn-warning" disabled={run.isPending} onClick={() => run.mutate(true)}>
              {run.isPending ? t('companyOrders.import.importing') : t('companyOrders.import.validOnly', { count: preview.validRows })}
            </button>
          ) : null}
          {preview && preview.errors.length > 0 ? null : (
            <button type="button" className="btn btn-primary" disabled={!preview || run.isPending} onClick={() => run.mutate(false)}>
              {run.isPending ? t('companyOrders.import.importing') : t('companyOrders.import.submit', { count: preview?.validRows ?? 0 })}
            </button>
          )}
        </div>
      </div>
    </Modal>
  );
}

/** A catalog sentence with its {placeholders} as isolated elements (a column name keeps its direction inside Arabic). */
function useRich() {
  const t = useT();
  return (key: MessageKey, nodes: Record<string, ReactNode>) => {
    const marks = Object.fromEntries(Object.keys(nodes).map((name) => [name, `\u0000${name}\u0000`]));
    return t(key, marks)
      .split('\u0000')
      .map((piece, i) => (i % 2 ? <bdi key={i}>{nodes[piece]}</bdi> : piece));
  };
}

const Column = ({ name }: { name: string }) => <code className="font-mono text-xs">{name}</code>;

/** The structured address columns of the company's country (issue 8): either these or the text column. */
function AddressColumns({ country }: { country: AddressImportCountry }) {
  const t = useT();
  const rich = useRich();
  const delivery = addressImportColumns('delivery', country);
  const pickup = addressImportColumns('pickup', country);
  const required = new Set(REQUIRED_ADDRESS_IMPORT_PARTS[country].map((p) => `delivery${p}`));
  return (
    <details className="rounded-box border border-base-300 bg-base-200/40 px-3 py-2 text-sm" data-testid="import-address-columns">
      <summary className="cursor-pointer font-medium">{t('orderImport.parts.title')}</summary>
      <div className="mt-2 space-y-2">
        <p className="text-base-content/80">{rich('orderImport.parts.intro', { column: <Column name="deliveryAddress" />, example: t(`orderImport.parts.example${country}`) })}</p>
        <ul className="flex flex-wrap gap-1.5" aria-label={t('orderImport.parts.title')}>
          {delivery.map((c) => (
            <li key={c}>
              <code className="badge badge-ghost badge-sm font-mono" dir="ltr">
                {c}
                {required.has(c) ? ' *' : ''}
              </code>
            </li>
          ))}
        </ul>
        <p className="text-base-content/80">
          {rich('orderImport.parts.pickup', { first: <Column name={pickup[0]!} />, second: <Column name={pickup[1]!} /> })} {t('orderImport.parts.benefit')}
        </p>
      </div>
    </details>
  );
}

function Preview({ preview, invalid }: { preview: Result; invalid: number }) {
  const t = useT();
  if (preview.errors.length === 0) {
    return (
      <div role="status" className="alert alert-success alert-soft text-sm" data-testid="import-summary">
        {t('companyOrders.import.ready', { total: preview.totalRows })}
      </div>
    );
  }
  return (
    <div className="space-y-2">
      <div role="alert" className="alert alert-warning alert-soft block text-sm" data-testid="import-summary">
        <p className="font-semibold">{t('companyOrders.import.summary', { total: preview.totalRows, valid: preview.validRows, invalid })}</p>
        <p className="text-base-content/80">{t('companyOrders.import.blocked')}</p>
      </div>
      <div className="max-h-64 overflow-auto rounded-box border border-base-300">
        <table className="table table-sm table-pin-rows" data-testid="import-errors">
          <thead>
            <tr>
              <th className="w-14">{t('companyOrders.import.row')}</th>
              <th>{t('companyOrders.import.column')}</th>
              <th>{t('companyOrders.import.problem')}</th>
            </tr>
          </thead>
          <tbody>
            {preview.errors.map((e) => (
              <tr key={`${e.row}-${e.field}`}>
                <td className="tabular-nums">{e.row}</td>
                <td className="font-mono text-xs">{e.field || t('companyOrders.import.wholeRow')}</td>
                <td>{e.message}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
