import { t, tn } from '../../../shared/i18n';
import type { dispatchStatusTool } from '../tools/dispatch';
import { figures, type Answer } from './answer';

type Result = Awaited<ReturnType<typeof dispatchStatusTool.run>>;

/** dispatch_status: how many orders wait for a rider, the offers out and the riders free now. */
export function dispatchAnswer(r: Result): Answer {
  const needs = r.waitingForRider.needsRider.length;
  return {
    text: t('answers.dispatch.status', {
      mode: t(r.mode === 'auto' ? 'answers.dispatch.auto' : 'answers.dispatch.manual'),
      needs: tn('analysis.unit.order', needs),
      offers: r.offersOut.length,
      available: tn('analysis.unit.rider', r.ridersAvailable),
    }),
    table: figures([
      ['answers.dispatch.needsRider', String(needs)],
      ['answers.dispatch.notOffered', String(r.waitingForRider.notOffered)],
      ['answers.dispatch.offersOut', String(r.offersOut.length)],
      ['answers.dispatch.ridersAvailable', String(r.ridersAvailable)],
      ['answers.dispatch.ridersOnDuty', String(r.ridersOnDuty)],
    ]),
  };
}
