import { MAX_HANDOVER_PHOTO_BYTES } from '@ps/contracts/common/handoverStates';

/**
 * Photos of a handover are made small in the browser before they are sent (docs/decisions.md, "Handover photos"):
 * a phone's camera writes 3-8 MB a picture, the API takes at most 1.5 MB each, and the whole handover travels as one
 * JSON body (base64). The longest side goes down to PHOTO_MAX_SIDE px and the picture is written as a JPEG of
 * PHOTO_QUALITY: about 200-500 kB for a car in daylight, still sharp enough to show a scratch.
 */
export const PHOTO_MAX_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;

/** What is tried in turn until a picture fits MAX_HANDOVER_PHOTO_BYTES (the first nearly always does). */
export const PHOTO_ATTEMPTS: readonly { maxSide: number; quality: number }[] = [
  { maxSide: PHOTO_MAX_SIDE, quality: PHOTO_QUALITY },
  { maxSide: PHOTO_MAX_SIDE, quality: 0.6 },
  { maxSide: 1200, quality: 0.6 },
  { maxSide: 900, quality: 0.5 },
];

/** The size a picture of `width` × `height` is drawn at so its longest side is at most `maxSide` (never enlarged). */
export function fitWithin(width: number, height: number, maxSide: number): { width: number; height: number } {
  if (width <= 0 || height <= 0) return { width: 0, height: 0 };
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The base64 of bytes without the `data:...;base64,` prefix the API refuses. */
export function stripDataUrl(dataUrl: string): string {
  const comma = dataUrl.indexOf(',');
  return comma < 0 ? dataUrl : dataUrl.slice(comma + 1);
}

/**
 * A Blob as a `data:` URL (FileReader: no string of the whole file built by hand). Images are shown from data: URLs,
 * which the app's Content-Security-Policy allows (`img-src 'self' data: https:`), not from blob: URLs, which it does not.
 */
export function dataUrlOf(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(blob);
  });
}

/** A Blob's bytes as base64. */
export async function base64Of(blob: Blob): Promise<string> {
  return stripDataUrl(await dataUrlOf(blob));
}

function canvasBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be written'))), 'image/jpeg', quality);
  });
}

/** One photo ready to send: that JPEG's base64, its size, and a data: URL to preview it. */
export interface CompressedPhoto {
  base64: string;
  bytes: number;
  preview: string;
}

/**
 * Decodes a picture the user chose or took (turned the way the camera held it: `imageOrientation: 'from-image'`),
 * draws it at most PHOTO_MAX_SIDE px on its longest side and writes it as a JPEG, trying smaller and plainer until it
 * fits the API's limit. Rejects when the browser cannot read the file as a picture (a HEIC on a desktop, a PDF).
 */
export async function compressPhoto(file: Blob): Promise<CompressedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas in this browser');
    for (const attempt of PHOTO_ATTEMPTS) {
      const size = fitWithin(bitmap.width, bitmap.height, attempt.maxSide);
      canvas.width = size.width;
      canvas.height = size.height;
      // A transparent PNG becomes a JPEG on white, not on black.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, size.width, size.height);
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      const blob = await canvasBlob(canvas, attempt.quality);
      if (blob.size <= MAX_HANDOVER_PHOTO_BYTES) {
        const preview = await dataUrlOf(blob);
        return { base64: stripDataUrl(preview), bytes: blob.size, preview };
      }
    }
    throw new Error('The photo stays too large');
  } finally {
    bitmap.close();
  }
}
