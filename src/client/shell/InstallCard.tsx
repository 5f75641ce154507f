import { useT } from '../i18n';

/** The install card (InstallPrompt.tsx decides when it shows and loads it then). */
export function InstallCard({ onLater, onInstall }: { onLater: () => void; onInstall: () => void }) {
  const t = useT();
  return (
    <div className="fixed inset-x-3 bottom-24 z-50 sm:inset-x-auto sm:end-6 sm:w-96" data-testid="install-prompt">
      <div className="card border border-base-300 bg-base-100 shadow-xl">
        <div className="card-body gap-2 p-4">
          <div className="flex items-center gap-3">
            <img src="/icons/icon-192.png" alt="" className="size-10 rounded-lg" width={40} height={40} />
            <div>
              <p className="font-semibold">{t('install.title')}</p>
              <p className="text-sm text-base-content/70">{t('install.text')}</p>
            </div>
          </div>
          <div className="card-actions justify-end">
            <button type="button" className="btn btn-ghost btn-sm" onClick={onLater}>
              {t('install.later')}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={onInstall}>
              {t('install.install')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
