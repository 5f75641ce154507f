import { useT } from '../../../src/client/i18n';
import { Card } from '../../../src/client/ui/Card';
import { Icon } from '../../../src/client/ui/Icon';
import { useInstall } from './useInstall';

/** Shown only while the browser offers installation (beforeinstallprompt). */
export function InstallCard() {
  const t = useT();
  const { canInstall, install } = useInstall();
  if (!canInstall) return null;
  return (
    <Card>
      <div className="flex items-center gap-3" data-testid="install-card">
        <img src="/icons/icon-192.png" alt="" className="size-12 rounded-xl" width={48} height={48} />
        <div className="min-w-0 flex-1">
          <h2 className="font-semibold">{t('install.title')}</h2>
          <p className="text-sm text-base-content/70">{t('install.text')}</p>
        </div>
      </div>
      <button type="button" className="btn btn-primary btn-block h-12 gap-2" onClick={() => void install()}>
        <Icon name="download" />
        {t('install.install')}
      </button>
    </Card>
  );
}
