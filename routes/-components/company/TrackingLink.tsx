import { useT } from '../../../src/client/i18n';
import { toast } from '../../../src/client/toast';

/** The customer's tracking page for an order, to copy or share on WhatsApp. */
export function TrackingLink({ code, companyName }: { code: string | null; companyName: string }) {
  const t = useT();
  if (!code) return null;
  const url = `${window.location.origin}/track/${code}`;
  const share = `https://wa.me/?text=${encodeURIComponent(t('companyOrders.tracking.message', { company: companyName, url }))}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: t('companyOrders.tracking.copied'), variant: 'success' });
    } catch {
      // No clipboard permission (an insecure origin, an old browser): select the text for a manual copy.
      document.getElementById('tracking-url')?.focus();
    }
  };
  return (
    <section className="rounded-box border border-base-300 bg-base-200/50 p-3" data-testid="tracking-link">
      <h3 className="mb-2 text-sm font-semibold">{t('companyOrders.tracking.title')}</h3>
      <div className="flex flex-wrap items-center gap-2">
        <input
          id="tracking-url"
          readOnly
          dir="ltr"
          className="input input-sm min-w-0 grow font-mono text-xs"
          value={url}
          aria-label={t('companyOrders.tracking.title')}
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn btn-sm" onClick={copy}>
          {t('companyOrders.tracking.copy')}
        </button>
        <a className="btn btn-sm btn-success" href={share} target="_blank" rel="noopener noreferrer" data-testid="whatsapp-share">
          {t('companyOrders.tracking.whatsapp')}
        </a>
      </div>
    </section>
  );
}
