/** Proof photos are scaled down on the phone before they wait in the outbox: ≤ 1280 px, JPEG 0.8. */
export const PROOF_MAX_SIDE = 1280;
export const PROOF_QUALITY = 0.8;

export async function photoToDataUrl(file: File, maxSide = PROOF_MAX_SIDE, quality = PROOF_QUALITY): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, maxSide / Math.max(bitmap.width, bitmap.height));
  const w = Math.max(1, Math.round(bitmap.width * scale));
  const h = Math.max(1, Math.round(bitmap.height * scale));
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('No canvas');
  ctx.drawImage(bitmap, 0, 0, w, h);
  bitmap.close();
  return canvas.toDataURL('image/jpeg', quality);
}
