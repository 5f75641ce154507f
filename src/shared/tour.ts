import { COMPANY_TABS, type CompanyTab } from './company-tabs';

/**
 * The company portal's guided tour (spec sections 2 and 4): five steps in this
 * order, each highlighting the element marked data-tour="<id>". A step that lives
 * on one tab of the company page names it, so the tour switches tab first
 * (the add-rider step opens Fleet Management; going Back to stats returns to Overview).
 */
export const TOUR_STEPS = [
  { id: 'header' },
  { id: 'navigation' },
  { id: 'stats', tab: 'overview' },
  { id: 'add-rider', tab: 'fleet' },
  { id: 'google-sheets' },
] as const satisfies readonly { id: string; tab?: CompanyTab }[];

export type TourStepId = (typeof TOUR_STEPS)[number]['id'];

/** A step's text parameters: the navigation step counts the tabs there are, so the count is always true. */
export function tourParams(id: TourStepId): Record<string, number> {
  return id === 'navigation' ? { count: COMPANY_TABS.length } : {};
}

/** How long a step waits for its element (a tab's content may still be loading) before showing without a spotlight. */
export const TOUR_TARGET_TIMEOUT_MS = 4000;

export const tourSelector = (id: TourStepId) => `[data-tour="${id}"]`;

/** Next or Back from step `index`: the new index, or null when the tour closes (Next on the last step is Finish). */
export function tourMove(index: number, move: 'next' | 'back'): number | null {
  if (move === 'back') return Math.max(0, index - 1);
  return index + 1 < TOUR_STEPS.length ? index + 1 : null;
}

/** The popover's position: below the target when it fits, else above, else pinned inside the viewport; never off screen. */
export function placePopover(
  target: { top: number; bottom: number; left: number; width: number } | null,
  pop: { width: number; height: number },
  viewport: { width: number; height: number },
  gap = 12,
): { top: number; left: number } {
  const maxLeft = Math.max(gap, viewport.width - pop.width - gap);
  const maxTop = Math.max(gap, viewport.height - pop.height - gap);
  if (!target) return { top: Math.round(maxTop / 2 + gap / 2), left: Math.round(maxLeft / 2 + gap / 2) };
  const left = Math.min(maxLeft, Math.max(gap, target.left + target.width / 2 - pop.width / 2));
  let top: number;
  if (target.bottom + gap + pop.height <= viewport.height - gap) top = target.bottom + gap;
  else if (target.top - gap - pop.height >= gap) top = target.top - gap - pop.height;
  else top = maxTop;
  return { top: Math.round(Math.min(maxTop, Math.max(gap, top))), left: Math.round(left) };
}
