import sharp from 'sharp';
import { DomainError } from '../../errors';
import { MAX_INPUT_PIXELS } from '../../ocr/preprocess';
import { msg } from '../../../shared/i18n/message';

/**
 * Decode an upload once, at thumbnail size, to prove it is a whole picture before it is stored: the
 * magic bytes only name the format. A file cut short, or one whose header declares more than
 * MAX_INPUT_PIXELS (a decompression bomb), is refused with 422. JPEGs shrink on load, so an 8 MB photo
 * costs about a tenth of a second.
 */
export async function assertWholeImage(bytes: Uint8Array): Promise<void> {
  const whole = await sharp(bytes, { failOn: 'truncated', limitInputPixels: MAX_INPUT_PIXELS })
    .resize(64, 64, { fit: 'inside' })
    .toBuffer()
    .then(
      () => true,
      () => false,
    );
  if (!whole) throw new DomainError('UNPROCESSABLE_CONTENT', msg('errors.imageDamaged'), 'image');
}
