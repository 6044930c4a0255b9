// Reading a booking's QR code (issue 22, section 2): the browser's BarcodeDetector where it has one, else jsQR on the
// camera's frames. jsQR (about 40 kB gzipped) is imported only when a frame needs it, never with the screen's chunk.

/** What a decoder reads: the pixels of one frame, RGBA (an `ImageData`, or the same shape). */
export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** The text of the QR code in a frame, or null when it holds none that can be read. */
export async function decodeFrame(frame: Frame): Promise<string | null> {
  const { default: jsQR } = await import('jsqr');
  return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/**
 * A booking reference in a scanned text: the ticket's QR code holds the reference alone (`PS-7KQ4-2M`); spaces around
 * it and its case are forgiven. Anything else (a web address, a payment code) is not a reference: null.
 */
export function referenceOf(text: string): string | null {
  const candidate = text.trim().toUpperCase();
  return /^[A-Z0-9]{2,10}(?:-[A-Z0-9]{1,10}){1,4}$/.test(candidate) ? candidate : null;
}

/** The browser's own detector (Chrome on Android, Safari 17+...), when it reads QR codes. */
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}
interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeDetectorLike;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
}

/** Reads a QR code off a playing video: one call per frame looked at. */
export type VideoReader = (video: HTMLVideoElement) => Promise<string | null>;

/** The reader this browser has: its BarcodeDetector, or jsQR on a canvas copy of the frame (at most 640 px wide). */
export async function createVideoReader(): Promise<{ read: VideoReader; kind: 'native' | 'jsqr' }> {
  const detector = await nativeDetector();
  if (detector) {
    return {
      kind: 'native',
      read: async (video) => (await detector.detect(video))[0]?.rawValue ?? null,
    };
  }
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    kind: 'jsqr',
    read: async (video) => {
      if (!context || video.videoWidth === 0) return null;
      const scale = Math.min(1, 640 / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      return decodeFrame(context.getImageData(0, 0, canvas.width, canvas.height));
    },
  };
}

/** Why the camera cannot be used: none on the device (or no browser support), or the user said no. */
export type CameraProblem = 'unavailable' | 'denied';

export function cameraProblemOf(error: unknown): CameraProblem {
  const name = error instanceof Error ? error.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'unavailable';
}

/** The back camera where there is one. */
export async function openCamera(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw Object.assign(new Error('no camera API'), { name: 'NotFoundError' });
  return navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false });
}

/** Stops every track: the camera's light goes off. */
export function stopCamera(stream: MediaStream | null): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}
