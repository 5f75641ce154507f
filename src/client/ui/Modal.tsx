import { useEffect, useRef, type ReactNode } from 'react';
import { useT } from '../i18n';
import { Icon } from './Icon';

/** A native <dialog> styled by daisyUI: focus trap, Escape and backdrop close for free. */
export function Modal({ open, onClose, title, children, testId }: { open: boolean; onClose: () => void; title: string; children: ReactNode; testId?: string }) {
  const t = useT();
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} className="modal modal-bottom sm:modal-middle" onClose={onClose} data-testid={testId} aria-label={title}>
      <div className="modal-box max-h-[92dvh] sm:max-w-2xl">
        <div className="mb-4 flex items-center justify-between gap-2">
          <h2 className="text-lg font-bold">{title}</h2>
          <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label={t('toast.close')} onClick={onClose}>
            <Icon name="close" className="size-4" />
          </button>
        </div>
        {open ? children : null}
      </div>
      <form method="dialog" className="modal-backdrop">
        <button type="submit" aria-label={t('toast.close')} tabIndex={-1} />
      </form>
    </dialog>
  );
}
