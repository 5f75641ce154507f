import { useState, type ReactNode } from 'react';
import { dateLocale } from '../../src/client/format';
import { Icon } from '../../src/client/ui/Icon';

const expiry = (at: Date) => new Intl.DateTimeFormat(dateLocale(), { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/**
 * A one-time link the server has just made (a rider's invitation, a password reset): it keeps only the link's
 * hash, so this is the one chance to copy it. `texts.expires` is a sentence of the catalog with {when}.
 */
export function OneTimeLink({ link, expiresAt, testId, texts, children }: {
  link: string;
  expiresAt: string | Date;
  /** The input's test id; the copy button's is `${testId}-copy`. */
  testId: string;
  texts: { once: string; label: string; copy: string; copied: string; expires: (when: string) => string };
  /** Beside the expiry line (the invitation's WhatsApp button). */
  children?: ReactNode;
}) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard?.writeText(link).catch(() => undefined);
    setCopied(true);
  };
  return (
    <div className="space-y-4">
      <div role="alert" className="rounded-box border border-warning/50 bg-warning/10 p-3 text-sm font-medium">
        {texts.once}
      </div>
      <div className="join w-full">
        <input className="input join-item w-full font-mono text-sm" dir="ltr" readOnly value={link} onFocus={(e) => e.target.select()} data-testid={testId} aria-label={texts.label} />
        <button type="button" className="btn join-item btn-primary" onClick={copy} data-testid={`${testId}-copy`}>
          <Icon name={copied ? 'check' : 'copy'} className="size-4" />
          {copied ? texts.copied : texts.copy}
        </button>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-base-content/70">{texts.expires(expiry(new Date(expiresAt)))}</p>
        {children}
      </div>
    </div>
  );
}
