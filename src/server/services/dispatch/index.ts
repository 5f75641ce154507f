/**
 * Dispatch (issue 25): automatic offers of orders to the best eligible rider, batches of nearby orders, answers and
 * time-outs, "needs a rider", acceptance rates and the dispatch picture. Scoring: docs/decisions/012-dispatch-scoring.md.
 * The public face of this folder: other folders and the doors import it only from here (test/imports.test.ts).
 */
export { answerOffer, expireOffers } from './answers';
export { retryOwedDispatches } from './dispatch-due';
export { startDispatch, type DispatchOutcome } from './dispatch';
/** The decision alone (bench/dispatch.ts): `chooseNearest` is what `startDispatch` offers by; `choose` reads every rider and says why each was kept out. */
export { choose, chooseNearest } from './offer-order';
export { offerState, resumeOffers } from './rider-state';
export { dispatchSettingsOf, saveDispatchSettings, updateDispatchSettings } from './settings';
export { dispatchStatus } from './status';
export { startDispatchSweeper } from './sweeper';
export { acceptanceRates, needsRider, offerOf, riderOffers, type AcceptanceRate } from './views';
