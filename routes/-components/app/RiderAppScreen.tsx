import type { SessionUser } from '../../../src/shared/schemas/auth';
import { AppHeader, SyncBanner } from './AppHeader';
import { CashCard } from './CashCard';
import { DutyManager } from './DutyManager';
import { GpsCard } from './GpsCard';
import { InstallCard } from './InstallCard';
import { MyOrders } from './MyOrders';
import { OfferWatch } from './offers/OfferWatch';
import { PerformancePanel } from './PerformancePanel';
import { RegionSelector } from './RegionSelector';
import { RiderProvider } from './RiderContext';
import { SupportCard } from './SupportCard';
import { RiderNotices } from '../compliance/RiderNotices';
import { RulesBanner } from '../compliance/RulesBanner';
import { RiderDocumentsCard } from '../compliance/RiderDocumentsCard';
import { useStepsAfterFirstPaint } from '../../../src/client/ui/useStepsAfterFirstPaint';

/** The figures and help column (below the work column on a phone), mounted card by card after the first paint. */
const LATER_CARDS = [CashCard, PerformancePanel, GpsCard, RiderDocumentsCard, InstallCard, SupportCard];

/** The rider app: one column on a phone; work on the left, figures and help on the right on a wide screen. */
export function RiderAppScreen({ user }: { user: SessionUser }) {
  const shown = useStepsAfterFirstPaint(LATER_CARDS.length);
  return (
    <RiderProvider user={user}>
      <main className="mx-auto max-w-6xl space-y-4 px-3 py-4 sm:px-6 sm:py-6" data-testid="rider-app">
        <AppHeader />
        <SyncBanner />
        <RulesBanner />
        <RiderNotices />
        <div className="grid items-start gap-4 lg:grid-cols-2">
          <div className="space-y-4">
            <OfferWatch />
            <RegionSelector />
            <DutyManager />
            <MyOrders />
          </div>
          {shown > 0 ? (
            <div className="space-y-4">
              {LATER_CARDS.slice(0, shown).map((Later, i) => (
                <Later key={i} />
              ))}
            </div>
          ) : null}
        </div>
      </main>
    </RiderProvider>
  );
}
