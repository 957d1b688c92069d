import jsQR from 'jsqr';

/**
 * Reading a QR code's text from pixels: jsQR, a pure-JavaScript decoder, for a photo of a code and
 * for camera frames where the browser has no BarcodeDetector (Chromium on Linux has none). What it
 * reads is only text: the payment's parser (`@wallet/shared/bangla-qr`) and then the server judge it.
 */
export function decodeQr(image: Pick<ImageData, 'data' | 'width' | 'height'>): string | null {
  // Dark codes on light paper first; a screen's light-on-dark code is tried inverted too.
  const found = jsQR(image.data, image.width, image.height, { inversionAttempts: 'attemptBoth' });
  return found?.data || null;
}

/** The longest side a photo is read at: a phone's 12-megapixel photo is scaled down, a screenshot kept. */
const MAX_SIDE = 1600;

/** The pixels of a picture the person chose (a photo, a screenshot), scaled to at most MAX_SIDE. */
export async function imageDataOf(file: Blob): Promise<ImageData> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    return pixelsOf(bitmap, width, height);
  } finally {
    bitmap.close();
  }
}

/**
 * The pixels of a video frame or picture, drawn at `width` × `height` on `canvas` (a scanner passes
 * its one canvas for every frame; a photo gets a canvas of its own).
 */
export function pixelsOf(
  source: CanvasImageSource,
  width: number,
  height: number,
  canvas = document.createElement('canvas'),
): ImageData {
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('This browser cannot read pictures');
  context.drawImage(source, 0, 0, width, height);
  return context.getImageData(0, 0, width, height);
}

interface Detector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string }[]>;
}
interface DetectorConstructor {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's own QR reader (BarcodeDetector) where it has one that reads QR codes, else null. */
export async function browserQrDetector(): Promise<Detector | null> {
  const BarcodeDetector = (globalThis as { BarcodeDetector?: DetectorConstructor }).BarcodeDetector;
  if (!BarcodeDetector) return null;
  const formats: string[] = await BarcodeDetector.getSupportedFormats().catch(() => []);
  return formats.includes('qr_code') ? new BarcodeDetector({ formats: ['qr_code'] }) : null;
}
