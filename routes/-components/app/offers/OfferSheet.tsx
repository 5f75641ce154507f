import { useEffect, useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** The full-screen sheet of the offer screens: a title at the top, the body scrolling, the actions at the bottom (under the thumb). */
export function OfferSheet({ title, children, footer, testId }: { title: string; children: ReactNode; footer: ReactNode; testId: string }) {
  const titleId = useId();
  useEffect(() => {
    const before = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = before;
    };
  }, []);
  const sheet = (
    <div role="dialog" aria-modal="true" aria-labelledby={titleId} className="fixed inset-0 z-50 flex flex-col bg-base-100" data-testid={testId}>
      <header className="bg-primary px-4 pb-3 pt-[max(0.75rem,env(safe-area-inset-top))] text-primary-content">
        <h2 id={titleId} className="mx-auto max-w-md text-xl font-bold">
          {title}
        </h2>
      </header>
      <div className="flex-1 overflow-y-auto px-4 py-4">
        <div className="mx-auto max-w-md space-y-4">{children}</div>
      </div>
      <footer className="border-t border-base-300 bg-base-100 px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))]">
        <div className="mx-auto max-w-md">{footer}</div>
      </footer>
    </div>
  );
  // Above the whole page, out of the app's columns (nothing of theirs can show through or contain it); rendered in place where there is no document (tests).
  return typeof document === 'undefined' ? sheet : createPortal(sheet, document.body);
}
