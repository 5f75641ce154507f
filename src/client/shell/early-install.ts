/** The browser's install offer (beforeinstallprompt), with what the page needs of it. */
export interface BeforeInstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

interface EarlyOffer {
  event: BeforeInstallPromptEvent;
  /** When it came (ms since the epoch). */
  at: number;
}

/**
 * An offer the boot script (src/client/boot/boot.js) kept because it came before the app mounted, or null. The
 * latest offer wins either way: the app's own listeners replace it once they are attached.
 */
export function earlyInstallOffer(): EarlyOffer | null {
  if (typeof window === 'undefined') return null;
  return (window as unknown as { __kwtInstallOffer?: EarlyOffer | null }).__kwtInstallOffer ?? null;
}
