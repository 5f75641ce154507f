import { useSyncExternalStore } from 'react';
import { earlyInstallOffer, type BeforeInstallPromptEvent } from '../../../src/client/shell/early-install';

/** The browser's install offer, kept for the header button and the install card (one the boot script kept first). */
let offer: BeforeInstallPromptEvent | null = earlyInstallOffer()?.event ?? null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    offer = e as BeforeInstallPromptEvent;
    emit();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    emit();
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const isStandalone = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as { standalone?: boolean }).standalone === true);

/** `canInstall` only while the browser offers installation; `install()` shows its dialog. */
export function useInstall() {
  const current = useSyncExternalStore(subscribe, () => offer, () => null);
  return {
    canInstall: current !== null && !isStandalone(),
    async install() {
      if (!offer) return;
      const e = offer;
      offer = null;
      emit();
      await e.prompt();
      await e.userChoice.catch(() => undefined);
    },
  };
}
