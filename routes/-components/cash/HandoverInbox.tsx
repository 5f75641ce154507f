import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { money } from '../../../src/client/format';
import { useT } from '../../../src/client/i18n';
import { cameraSupported } from '../../../src/client/scanner/errors';
import { toast } from '../../../src/client/toast';
import { trpc } from '../../../src/client/trpc';
import { Badge } from '../../../src/client/ui/Badge';
import { Card } from '../../../src/client/ui/Card';
import { Icon } from '../../../src/client/ui/Icon';
import { ConfirmDialog, type CompanyHandover } from './ConfirmDialog';
import { dateTimeIn, resolutionKey, STATUS_TONE, statusKey } from './labels';
import { LedgerDialog } from './LedgerDialog';
import { QrScanDialog } from './QrScanDialog';
import { ResolveDialog } from './ResolveDialog';
import { differenceText } from './RiderHandovers';

/** New hand-overs show up without a reload while the Cash tab is open. */
const INBOX_POLL_MS = 10_000;
const VIEWS = ['pending', 'discrepancies', 'history', 'riders'] as const;
type View = (typeof VIEWS)[number];

/**
 * The company's cash hand-over inbox (issue 9): pending hand-overs of its own riders, confirmed by
 * scanning the rider's QR code or typing the one-time code, with the amount counted; differences to
 * resolve; the history with who counted; and each rider's cash with the ledger and corrections.
 */
export function HandoverInbox() {
  const t = useT();
  const list = useQuery({ ...trpc.company.handovers.queryOptions(), refetchInterval: INBOX_POLL_MS });
  const [view, setView] = useState<View>('pending');
  const [confirming, setConfirming] = useState<{ h: CompanyHandover; qrCode: string | null } | null>(null);
  const [resolving, setResolving] = useState<CompanyHandover | null>(null);
  const [ledgerOf, setLedgerOf] = useState<string | null>(null);
  const [scanning, setScanning] = useState(false);
  const rows = list.data ?? [];
  const pending = rows.filter((h) => h.status === 'pending');
  const discrepancies = rows.filter((h) => h.status === 'discrepancy');
  const history = rows.filter((h) => h.status !== 'pending' && h.status !== 'discrepancy');
  const counts: Record<View, number | null> = { pending: pending.length, discrepancies: discrepancies.length, history: null, riders: null };

  const canCheck = (h: CompanyHandover) => h.channel === 'handover' && h.codeActive && !h.locked;
  const anyCode = pending.some(canCheck);
  const onScanned = ({ submissionId, code }: { submissionId: string; code: string }) => {
    setScanning(false);
    const h = pending.find((p) => p.id === submissionId);
    if (!h) return toast({ title: t('handover.scan.unknown'), variant: 'destructive' });
    if (h.locked) return toast({ title: t('handover.scan.locked'), variant: 'destructive' });
    if (!h.codeActive) return toast({ title: t('handover.scan.noCode'), variant: 'destructive' });
    setConfirming({ h, qrCode: code });
  };

  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="card-title text-base">{t('handover.inbox.title')}</h2>
        {cameraSupported() ? (
          <div className="flex flex-wrap items-center justify-end gap-2">
            {!list.isPending && !anyCode ? (
              <span id="inbox-scan-why" className="text-xs text-base-content/70" data-testid="inbox-scan-why">
                {t('handover.inbox.noActiveCode')}
              </span>
            ) : null}
            <button
              type="button"
              className="btn btn-primary btn-sm gap-2"
              onClick={() => setScanning(true)}
              disabled={!anyCode}
              aria-describedby={anyCode ? undefined : 'inbox-scan-why'}
              data-testid="inbox-scan"
            >
              <Icon name="camera" className="size-4" />
              {t('handover.scan.button')}
            </button>
          </div>
        ) : null}
      </div>
      <div role="tablist" className="tabs tabs-border tabs-sm flex-nowrap overflow-x-auto sm:tabs-md" data-testid="inbox-views">
        {VIEWS.map((v) => (
          <button key={v} type="button" role="tab" aria-selected={view === v} className={`tab flex-nowrap gap-1.5 whitespace-nowrap ${view === v ? 'tab-active' : ''}`} onClick={() => setView(v)} data-testid={`inbox-view-${v}`}>
            {t(`handover.inbox.${v}`)}
            {counts[v] ? <span className={`badge badge-sm ${v === 'discrepancies' ? 'badge-error' : 'badge-warning'}`}>{counts[v]}</span> : null}
          </button>
        ))}
      </div>
      {list.isPending ? <div className="skeleton h-32 w-full" /> : null}
      {view === 'pending' && !list.isPending ? (
        <Rows empty={t('handover.inbox.noPending')} testId="inbox-pending">
          {pending.map((h) => {
            const bank = h.channel === 'bank_deposit';
            // A code can be checked only while the rider's phone shows one and the hand-over is not locked.
            const blocked = !bank && !canCheck(h);
            const why = `inbox-why-${h.id}`;
            return (
              <Row key={h.id} h={h}>
                <p id={why} className={`flex items-center gap-1.5 text-sm ${blocked ? 'font-medium text-base-content' : 'text-base-content/70'}`} data-testid="inbox-code-state">
                  {blocked ? <Icon name="alert" className="size-4 shrink-0 text-warning" /> : null}
                  {bank ? t('handover.channel.bank_deposit') : h.locked ? t('handover.inbox.locked') : h.codeActive ? t('handover.inbox.codeShown') : t('handover.inbox.noCode')}
                </p>
                <div className="flex flex-wrap justify-end gap-2">
                  {!bank && cameraSupported() ? (
                    <button type="button" className="btn btn-outline btn-sm gap-1.5" onClick={() => setScanning(true)} disabled={blocked} aria-describedby={why} data-testid="inbox-row-scan">
                      <Icon name="camera" className="size-4" />
                      {t('handover.inbox.scanRow')}
                    </button>
                  ) : null}
                  <button type="button" className="btn btn-primary btn-sm" onClick={() => setConfirming({ h, qrCode: null })} disabled={blocked} aria-describedby={why} data-testid="inbox-confirm">
                    {t(bank ? 'handover.inbox.confirmDeposit' : 'handover.inbox.enterCode')}
                  </button>
                </div>
              </Row>
            );
          })}
        </Rows>
      ) : null}
      {view === 'discrepancies' && !list.isPending ? (
        <Rows empty={t('handover.inbox.noDiscrepancies')} testId="inbox-discrepancies">
          {discrepancies.map((h) => (
            <Row key={h.id} h={h}>
              <p className="text-sm text-error" data-testid="inbox-difference">
                {differenceText(t, h)}
              </p>
              <button type="button" className="btn btn-outline btn-sm" onClick={() => setResolving(h)} data-testid="inbox-resolve">
                {t('handover.inbox.resolve')}
              </button>
            </Row>
          ))}
        </Rows>
      ) : null}
      {view === 'history' && !list.isPending ? (
        <Rows empty={t('handover.inbox.noHistory')} testId="inbox-history">
          {history.map((h) => (
            <Row key={h.id} h={h}>
              <p className="text-sm text-base-content/70" data-testid="inbox-counted-by">
                {h.receivedByName && h.receivedAt
                  ? t('handover.inbox.countedBy', { counted: money(h.counted ?? 0, h.currency), name: h.receivedByName, time: dateTimeIn(h.receivedAt, h.currency), method: t(`handover.method.${h.receiptMethod ?? 'admin'}`) })
                  : null}
                {h.resolution ? ` · ${t(resolutionKey(h.resolution, (h.difference ?? 0) < 0))}${h.resolutionNote ? `: ${h.resolutionNote}` : ''}` : null}
              </p>
            </Row>
          ))}
        </Rows>
      ) : null}
      {view === 'riders' ? <RidersCash onLedger={setLedgerOf} /> : null}
      {scanning ? <QrScanDialog onFound={onScanned} onClose={() => setScanning(false)} /> : null}
      {confirming ? <ConfirmDialog h={confirming.h} qrCode={confirming.qrCode} onClose={() => setConfirming(null)} /> : null}
      {resolving ? <ResolveDialog h={resolving} scope="company" onClose={() => setResolving(null)} /> : null}
      {ledgerOf ? <LedgerDialog riderId={ledgerOf} scope="company" onClose={() => setLedgerOf(null)} /> : null}
      {view !== 'riders' && !list.isPending && rows.length ? (
        <p className="text-xs text-base-content/70">{t('handover.inbox.ledgerHint')}</p>
      ) : null}
    </Card>
  );
}

function Rows({ empty, testId, children }: { empty: string; testId: string; children: React.ReactNode[] }) {
  if (!children.length) return <p className="py-6 text-center text-base-content/70">{empty}</p>;
  return (
    <ul className="grid gap-2 lg:grid-cols-2" data-testid={testId}>
      {children}
    </ul>
  );
}

function Row({ h, children }: { h: CompanyHandover; children: React.ReactNode }) {
  const t = useT();
  return (
    <li className="flex flex-col gap-2 rounded-box border border-base-300 p-3 sm:flex-row sm:items-center" data-testid="inbox-row" data-status={h.status} data-id={h.id}>
      <div className="min-w-0 grow space-y-0.5">
        <p className="font-semibold">{h.riderName}</p>
        <p className="text-lg font-bold tabular-nums" data-testid="inbox-amount">
          {money(h.amount, h.currency)}
        </p>
        <p className="text-xs text-base-content/70">{dateTimeIn(h.submittedAt, h.currency)}</p>
        {h.slip ? (
          <p className={`text-xs ${h.slip.mismatch ? 'text-warning' : 'text-base-content/70'}`}>{t('handover.company.slipRead', { amount: money(h.slip.amount, h.slip.currency) })}</p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2 sm:flex-col sm:items-end sm:text-end">
        <Badge tone={STATUS_TONE[h.status]} testId="inbox-status">
          {t(statusKey(h.status))}
        </Badge>
        {children}
      </div>
    </li>
  );
}

function RidersCash({ onLedger }: { onLedger: (riderId: string) => void }) {
  const t = useT();
  const q = useQuery(trpc.company.cashRiders.queryOptions());
  if (q.isPending) return <div className="skeleton h-32 w-full" />;
  const rows = q.data ?? [];
  if (!rows.length) return <p className="py-6 text-center text-base-content/70">{t('handover.inbox.noRiders')}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm" data-testid="inbox-riders">
        <thead>
          <tr>
            <th>{t('handover.ledger.rider')}</th>
            <th className="text-end">{t('handover.balance.onHand')}</th>
            <th className="text-end">{t('handover.balance.pending')}</th>
            <th className="text-end">{t('handover.balance.discrepancy')}</th>
            <th className="text-end">{t('handover.balance.outstanding')}</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.riderId} data-testid="inbox-rider">
              <td className="font-medium">{r.name}</td>
              <td className="text-end tabular-nums">{money(r.onHand, r.currency)}</td>
              <td className="text-end tabular-nums">{money(r.pending, r.currency)}</td>
              <td className="text-end tabular-nums">{money(r.discrepancy, r.currency)}</td>
              <td className="text-end font-semibold tabular-nums">{money(r.outstanding, r.currency)}</td>
              <td className="text-end">
                <button type="button" className="btn btn-ghost btn-xs" onClick={() => onLedger(r.riderId)} data-testid="inbox-ledger">
                  {t('handover.ledger.open')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
