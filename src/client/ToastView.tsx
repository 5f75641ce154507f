import { useT } from './i18n';
import { dismissToast, type Toast } from './toast';
import { SHELL_ICONS } from './ui/icons/shell';
import { SvgIcon } from './ui/SvgIcon';

/** The one toast on screen (spec section 9), with its close button. */
export function ToastView({ item }: { item: Toast }) {
  const t = useT();
  const tone =
    item.variant === 'destructive' ? 'alert-error' : item.variant === 'success' ? 'alert-success' : 'bg-base-100 border-base-300';
  return (
    <div className="toast toast-top toast-center z-[100] w-full max-w-md px-3 sm:toast-end sm:toast-bottom">
      <div
        role={item.variant === 'destructive' ? 'alert' : 'status'}
        aria-live={item.variant === 'destructive' ? 'assertive' : 'polite'}
        data-testid="toast"
        className={`alert ${tone} flex items-start gap-3 whitespace-normal border shadow-lg`}
      >
        <div className="min-w-0 flex-1 text-start">
          <p className="font-semibold" data-testid="toast-title">
            {item.title}
          </p>
          {item.description ? (
            <p className="text-sm opacity-90" data-testid="toast-description">
              {item.description}
            </p>
          ) : null}
        </div>
        <button type="button" className="btn btn-ghost btn-xs btn-circle" aria-label={t('toast.close')} onClick={dismissToast}>
          <SvgIcon d={SHELL_ICONS.close} className="size-4" />
        </button>
      </div>
    </div>
  );
}
