import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import type { MessageKey } from '../../../src/shared/i18n';
import { ANALYSIS_TYPES, type AnalysisResponse, type AnalysisType } from '../../../src/shared/schemas/ai';
import type { SessionUser } from '../../../src/shared/schemas/auth';
import { aiApi } from '../../../src/client/chat/api';
import { useT } from '../../../src/client/i18n';
import { Icon, type IconName } from '../../../src/client/ui/Icon';
import { Modal } from '../../../src/client/ui/Modal';
import { AnalysisView } from './AnalysisView';
import { useReportDownload } from '../../../src/client/chat/useReportDownload';
import { toast } from '../../../src/client/toast';

const ICONS: Record<AnalysisType, IconName> = { financial: 'coins', hr: 'scooter', legal: 'shield', performance: 'chart' };

/** Downloads: the manager report and the four monthly analyses (spec section 2, quick actions). */
export function DownloadsTab({ user, developer }: { user: SessionUser; developer?: ReactNode }) {
  const t = useT();
  const report = useReportDownload();
  const [result, setResult] = useState<AnalysisResponse | null>(null);
  const analysis = useMutation({
    mutationFn: (type: AnalysisType) => aiApi.analysis(type),
    onSuccess: (r) => setResult(r),
    onError: () => toast({ title: t('analysis.error.title'), description: t('downloads.analysis.error'), variant: 'destructive' }),
  });
  const running = analysis.isPending ? analysis.variables : null;
  return (
    <section className="space-y-4" data-testid="downloads-tab">
      <div>
        <h2 className="text-lg font-semibold">{t('downloads.title')}</h2>
        <p className="text-sm text-base-content/70">{t('downloads.subtitle')}</p>
      </div>
      <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        <Action icon="download" title={t('downloads.report.title')} text={t('downloads.report.text')} testId="action-report">
          <button
            type="button"
            className="btn btn-primary btn-sm"
            disabled={report.isPending}
            onClick={() => report.mutate({ url: `/api/ai/download-report/${encodeURIComponent(user.id)}` })}
          >
            {report.isPending ? <span className="loading loading-spinner loading-xs" /> : <Icon name="download" className="size-4" />}
            {report.isPending ? t('downloads.working') : t('downloads.report.button')}
          </button>
        </Action>
        {ANALYSIS_TYPES.map((type) => (
          <Action
            key={type}
            icon={ICONS[type]}
            title={t(`analysis.type.${type}` as MessageKey)}
            text={t(`downloads.analysis.text.${type}` as MessageKey)}
            testId={`action-${type}`}
          >
            <button type="button" className="btn btn-outline btn-sm" disabled={analysis.isPending} onClick={() => analysis.mutate(type)}>
              {running === type ? <span className="loading loading-spinner loading-xs" /> : null}
              {running === type ? t('downloads.working') : t('downloads.analysis.run')}
            </button>
          </Action>
        ))}
      </div>
      {developer ? (
        <section className="space-y-3 pt-2">
          <h2 className="text-lg font-semibold">{t('downloads.developer')}</h2>
          {developer}
        </section>
      ) : null}
      <Modal
        open={result !== null}
        onClose={() => setResult(null)}
        title={result ? t(`analysis.type.${result.analysis.type}` as MessageKey) : ''}
        testId="analysis-modal"
      >
        {result ? <AnalysisView result={result} /> : null}
      </Modal>
    </section>
  );
}

function Action({ icon, title, text, testId, children }: { icon: IconName; title: string; text: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-4 shadow-sm" data-testid={testId}>
      <div className="flex items-start gap-3">
        <span className="rounded-field bg-primary/10 p-2 text-primary">
          <Icon name={icon} className="size-5" />
        </span>
        <div className="min-w-0">
          <h3 className="font-semibold">{title}</h3>
          <p className="text-sm text-base-content/70">{text}</p>
        </div>
      </div>
      <div className="mt-auto flex justify-end">{children}</div>
    </div>
  );
}
