import { useEffect, useState } from 'react';
import { useT } from '../i18n';

/** Spec: shown 3 s after the browser offers installation; not when installed or dismissed this session. */
export const INSTALL_PROMPT_DELAY_MS = 3000;
export const INSTALL_DISMISSED_KEY = 'kwt-install-dismissed';

interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

export function InstallPrompt() {
  const t = useT();
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (isStandalone() || sessionStorage.getItem(INSTALL_DISMISSED_KEY)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onPrompt = (e: Event) => {
      e.preventDefault();
      // Dismissed with Later earlier in this session (possibly on this very page): stay hidden.
      if (sessionStorage.getItem(INSTALL_DISMISSED_KEY)) return;
      setEvent(e as BeforeInstallPromptEvent);
      clearTimeout(timer);
      timer = setTimeout(() => setVisible(true), INSTALL_PROMPT_DELAY_MS);
    };
    const onInstalled = () => setVisible(false);
    window.addEventListener('beforeinstallprompt', onPrompt);
    window.addEventListener('appinstalled', onInstalled);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('beforeinstallprompt', onPrompt);
      window.removeEventListener('appinstalled', onInstalled);
    };
  }, []);

  if (!visible || !event) return null;
  const later = () => {
    sessionStorage.setItem(INSTALL_DISMISSED_KEY, '1');
    setVisible(false);
  };
  const install = async () => {
    setVisible(false);
    await event.prompt();
    await event.userChoice.catch(() => undefined);
    setEvent(null);
  };
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
            <button type="button" className="btn btn-ghost btn-sm" onClick={later}>
              {t('install.later')}
            </button>
            <button type="button" className="btn btn-primary btn-sm" onClick={install}>
              {t('install.install')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
