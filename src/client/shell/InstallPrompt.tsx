import { lazy, Suspense, useEffect, useState } from 'react';
import { earlyInstallOffer, type BeforeInstallPromptEvent } from './early-install';

const loadCard = () => import('./InstallCard');
const InstallCard = lazy(() => loadCard().then((m) => ({ default: m.InstallCard })));

/** Spec: shown 3 s after the browser offers installation; not when installed or dismissed this session. */
export const INSTALL_PROMPT_DELAY_MS = 3000;
export const INSTALL_DISMISSED_KEY = 'kwt-install-dismissed';


const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true;

export function InstallPrompt() {
  const [event, setEvent] = useState<BeforeInstallPromptEvent | null>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (isStandalone() || sessionStorage.getItem(INSTALL_DISMISSED_KEY)) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const offered = (e: Event, at: number) => {
      // Dismissed with Later earlier in this session (possibly on this very page): stay hidden.
      if (sessionStorage.getItem(INSTALL_DISMISSED_KEY)) return;
      setEvent(e as BeforeInstallPromptEvent);
      void loadCard().catch(() => undefined);
      clearTimeout(timer);
      timer = setTimeout(() => setVisible(true), Math.max(0, at + INSTALL_PROMPT_DELAY_MS - Date.now()));
    };
    const onPrompt = (e: Event) => {
      e.preventDefault();
      offered(e, Date.now());
    };
    // Offered before the app mounted: 3 s from then, not from now.
    const early = earlyInstallOffer();
    if (early) offered(early.event, early.at);
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
  // The card's code loads when the browser offers installation: most page loads never show it.
  return (
    <Suspense fallback={null}>
      <InstallCard onLater={later} onInstall={install} />
    </Suspense>
  );
}
