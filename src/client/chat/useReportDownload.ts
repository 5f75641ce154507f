import { useMutation } from '@tanstack/react-query';
import { downloadFrom, slug } from '../download';
import { useT } from '../i18n';
import { toast } from '../toast';

/** 'Financial analysis' → financial-analysis-2026-11-22.json: the name when the server gives none. */
export const fileNameFor = (title = '') => `${slug(title, 'kwt-delivery-report')}-${new Date().toISOString().slice(0, 10)}.json`;

/** Saves a report the server prepared, under the name its Content-Disposition gives; 'Download Error' otherwise (spec section 8). */
export function useReportDownload() {
  const t = useT();
  return useMutation({
    mutationFn: ({ url, title }: { url: string; title?: string }) => downloadFrom(url, fileNameFor(title)),
    onSuccess: (name) => toast({ title: t('downloads.report.done'), description: name, variant: 'success' }),
    onError: () => toast({ title: t('analysis.download.errorTitle'), description: t('downloads.report.error'), variant: 'destructive' }),
  });
}
