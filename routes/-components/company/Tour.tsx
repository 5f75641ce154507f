import { useNavigate } from '@tanstack/react-router';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import type { MessageKey } from '../../../src/shared/i18n';
import { placePopover, TOUR_STEPS, TOUR_TARGET_TIMEOUT_MS, tourMove, tourParams, tourSelector } from '../../../src/shared/tour';
import { useT } from '../../../src/client/i18n';
import type { CompanyTab } from '../../../src/shared/company-tabs';

type Box = { top: number; bottom: number; left: number; width: number; height: number };
const PAD = 6;

/** The Take Tour button and, while it runs, the tour over the page (spec sections 2 and 4). */
export function TakeTour() {
  const t = useT();
  const [index, setIndex] = useState<number | null>(null);
  return (
    <>
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setIndex(0)} data-testid="take-tour">
        {t('company.action.tour')}
      </button>
      {index === null ? null : createPortal(<TourStep index={index} onMove={setIndex} />, document.body)}
    </>
  );
}

/**
 * Follows the step's element every frame (tabs switch, lists load, the page scrolls),
 * so the spotlight and the popover stay on it; without one after TOUR_TARGET_TIMEOUT_MS
 * the popover shows centred over a dimmed page.
 */
function useTarget(selector: string, tab: string | undefined) {
  const navigate = useNavigate();
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const [box, setBox] = useState<Box | null>(null);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    setBox(null);
    setMissing(false);
    if (tab) void navigateRef.current({ to: '/company', search: { tab: tab as CompanyTab }, replace: true });
    const started = performance.now();
    let scrolled = false;
    let last = '';
    let frame = 0;
    const tick = () => {
      const el = document.querySelector(selector);
      if (el && el.getClientRects().length > 0) {
        if (!scrolled) {
          el.scrollIntoView({ block: 'center', inline: 'nearest' });
          scrolled = true;
        }
        const r = el.getBoundingClientRect();
        const next = { top: r.top, bottom: r.bottom, left: r.left, width: r.width, height: r.height };
        const sig = JSON.stringify(next);
        if (sig !== last) {
          last = sig;
          setBox(next);
          setMissing(false);
        }
      } else if (performance.now() - started > TOUR_TARGET_TIMEOUT_MS && last !== 'missing') {
        last = 'missing';
        setBox(null);
        setMissing(true);
      }
      frame = requestAnimationFrame(tick);
    };
    tick();
    return () => cancelAnimationFrame(frame);
  }, [selector, tab]);
  return { box, missing };
}

function TourStep({ index, onMove }: { index: number; onMove: (next: number | null) => void }) {
  const t = useT();
  const step = TOUR_STEPS[index]!;
  const { box, missing } = useTarget(tourSelector(step.id), 'tab' in step ? step.tab : undefined);
  const popRef = useRef<HTMLDivElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);
  const [pos, setPos] = useState<{ top: number; left: number } | null>(null);
  const last = index === TOUR_STEPS.length - 1;
  // While the step's element is still being looked for, only the dimmed page shows.
  const ready = box !== null || missing;
  const close = () => onMove(null);

  useLayoutEffect(() => {
    const pop = popRef.current;
    if (!pop) return;
    const target = box ? { top: box.top - PAD, bottom: box.bottom + PAD, left: box.left - PAD, width: box.width + 2 * PAD } : null;
    setPos(placePopover(target, { width: pop.offsetWidth, height: pop.offsetHeight }, { width: window.innerWidth, height: window.innerHeight }));
  }, [box, index, missing]);

  useEffect(() => {
    if (ready) nextRef.current?.focus();
  }, [index, ready]);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onMove(null);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onMove]);

  return (
    <div data-testid="tour" data-step={step.id} data-target={box ? 'found' : missing ? 'missing' : 'searching'}>
      {/* The dimmed page with a hole over the step's element; it also holds the page still (clicks do nothing). */}
      <svg className="fixed inset-0 z-[70] size-full" aria-hidden="true">
        <defs>
          <mask id="tour-hole">
            <rect width="100%" height="100%" fill="white" />
            {box ? <rect x={box.left - PAD} y={box.top - PAD} width={box.width + 2 * PAD} height={box.height + 2 * PAD} rx={12} fill="black" /> : null}
          </mask>
        </defs>
        <rect width="100%" height="100%" fill="#000" fillOpacity={0.5} mask="url(#tour-hole)" />
      </svg>
      {box ? (
        <div
          data-testid="tour-spotlight"
          aria-hidden="true"
          className="pointer-events-none fixed z-[71] rounded-xl outline-2 outline-offset-2 outline-primary"
          style={{ top: box.top - PAD, left: box.left - PAD, width: box.width + 2 * PAD, height: box.height + 2 * PAD }}
        />
      ) : null}
      <div
        ref={popRef}
        role="dialog"
        aria-modal="false"
        aria-labelledby="tour-title"
        aria-describedby="tour-text"
        data-testid="tour-popover"
        className="fixed z-[72] w-[min(22rem,calc(100vw-1.5rem))] rounded-box border border-base-300 bg-base-100 p-4 shadow-xl"
        style={pos && ready ? { top: pos.top, left: pos.left } : { visibility: 'hidden', top: 0, left: 0 }}
      >
        <p className="text-xs font-medium text-base-content/70" data-testid="tour-progress">
          {t('tour.progress', { step: index + 1, total: TOUR_STEPS.length })}
        </p>
        <h2 id="tour-title" className="mt-1 font-semibold">
          {t(`tour.${step.id}.title` as MessageKey, tourParams(step.id))}
        </h2>
        <p id="tour-text" className="mt-1 text-sm text-base-content/80">
          {t(`tour.${step.id}.text` as MessageKey)}
        </p>
        <div className="mt-4 flex items-center justify-between gap-2">
          <button type="button" className="btn btn-ghost btn-sm" onClick={close} data-testid="tour-skip">
            {t('tour.skip')}
          </button>
          <div className="flex gap-2">
            {index > 0 ? (
              <button type="button" className="btn btn-outline btn-sm" onClick={() => onMove(tourMove(index, 'back'))} data-testid="tour-back">
                {t('tour.back')}
              </button>
            ) : null}
            <button ref={nextRef} type="button" className="btn btn-primary btn-sm" onClick={() => onMove(tourMove(index, 'next'))} data-testid="tour-next">
              {t(last ? 'tour.finish' : 'tour.next')}
            </button>
          </div>
        </div>
      </div>
    </div>
  );
}
