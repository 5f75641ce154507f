import type { MessageKey } from '../../../src/shared/i18n';
import type { AnalysisResponse } from '../../../src/shared/schemas/ai';
import { saveJson, slug } from '../../../src/client/download';
import { useT } from '../../../src/client/i18n';
import { Badge } from '../../../src/client/ui/Badge';
import { Icon } from '../../../src/client/ui/Icon';
import { Figures } from './Figures';

const PRIORITY_TONE = { high: 'error', medium: 'warning', low: 'success' } as const;

/** The JSON file's name: scope, type and the period's end, e.g. fast-delivery-financial-analysis-2026-11-30.json. */
export function analysisFileName(r: AnalysisResponse): string {
  return `${slug(r.analysis.scope.name, 'kwt-delivery')}-${r.analysis.type}-analysis-${r.analysis.period.to.slice(0, 10)}.json`;
}

/** One analysis (spec section 3: analysis, recommendations[], priority) with the figures behind it. */
export function AnalysisView({ result }: { result: AnalysisResponse }) {
  const t = useT();
  const a = result.analysis;
  const scope = a.scope.kind === 'system' ? t('analysis.scope.system') : a.scope.name;
  return (
    <div className="space-y-4" data-testid="analysis-view">
      <div className="flex flex-wrap items-center gap-2 text-sm text-base-content/70">
        <span>{t('analysisView.period', { from: a.period.from.slice(0, 10), to: a.period.to.slice(0, 10), scope })}</span>
        <Badge tone={PRIORITY_TONE[a.priority]} testId="analysis-priority">
          {t('analysisView.priority', { priority: t(`analysis.priority.${a.priority}` as MessageKey) })}
        </Badge>
      </div>
      <p className="whitespace-pre-line leading-relaxed" data-testid="analysis-text">
        {a.analysis}
      </p>
      <section>
        <h3 className="mb-2 font-semibold">{t('analysisView.recommendations')}</h3>
        <ul className="list-disc space-y-1 ps-5 text-sm" data-testid="analysis-recommendations">
          {a.recommendations.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      </section>
      <details className="collapse-arrow collapse border border-base-300 bg-base-100">
        <summary className="collapse-title font-semibold">{t('analysisView.figures')}</summary>
        <div className="collapse-content">
          <Figures value={a.figures} />
        </div>
      </details>
      <div className="flex justify-end">
        <button
          type="button"
          className="btn btn-primary w-full sm:w-auto"
          onClick={() => saveJson(result, analysisFileName(result))}
          data-testid="analysis-download"
        >
          <Icon name="download" className="size-5" /> {t('analysisView.download')}
        </button>
      </div>
    </div>
  );
}
