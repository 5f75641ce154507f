import type { OcrRoi } from '../../shared/schemas/ocr';
import { useT } from '../i18n';

/** How tall the crop may grow (rem): a tall receipt frame is shown narrower rather than taller. */
const MAX_HEIGHT_REM = 8;

/**
 * The part of the photo inside the guide frame, big, right above the value the rider checks.
 * Pure CSS: the whole photo, scaled so the frame fills the box, shifted so the frame's corner is at 0,0.
 */
export function ReadingCrop({ image, roi, aspect }: { image: string; roi: OcrRoi | null; aspect: number }) {
  const t = useT();
  const r = roi ?? { x: 0, y: 0, w: 1, h: 1 };
  const boxAspect = (r.w * aspect) / r.h;
  return (
    <div
      className="relative mx-auto overflow-hidden rounded-box bg-base-300 ring-1 ring-base-300"
      style={{ aspectRatio: boxAspect, width: `min(100%, ${(MAX_HEIGHT_REM * boxAspect).toFixed(3)}rem)` }}
      data-testid="ocr-crop"
    >
      <img
        src={image}
        alt={t('ocr.cropAlt')}
        className="absolute max-w-none"
        style={{ width: `${100 / r.w}%`, height: `${100 / r.h}%`, left: `${(-r.x / r.w) * 100}%`, top: `${(-r.y / r.h) * 100}%` }}
      />
    </div>
  );
}
