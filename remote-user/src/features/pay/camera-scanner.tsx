import { useEffect, useEffectEvent, useRef } from 'react';
import Box from '@mui/material/Box';
import { useT } from '../../i18n';
import { browserQrDetector, decodeQr, pixelsOf } from './qr-image';

/** How often a camera frame is read: five times a second is quick to a person, light on a phone. */
const READ_EVERY_MS = 200;

/**
 * The back camera's picture, read for a QR code until one is found (`onCode`, once): through the
 * browser's BarcodeDetector where it has one, else jsQR on the frame. The camera is stopped when
 * a code is read or the scanner closes. A camera refused or missing is told (`onUnavailable`).
 */
export function CameraScanner({
  onCode,
  onUnavailable,
}: {
  onCode: (text: string) => void;
  onUnavailable: () => void;
}) {
  const t = useT();
  const video = useRef<HTMLVideoElement>(null);
  // The page's latest handlers, called from the scanning effect without restarting the camera.
  const found = useEffectEvent((text: string) => onCode(text));
  const unavailable = useEffectEvent(() => onUnavailable());

  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stream: MediaStream | undefined;
    const stop = () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        if (!stopped) unavailable();
        return;
      }
      const element = video.current;
      if (stopped || !element) return stop();
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      const detector = await browserQrDetector();
      // One canvas for every frame read, where the browser has no detector of its own.
      const canvas = document.createElement('canvas');
      const read = async () => {
        if (stopped) return;
        if (element.readyState >= element.HAVE_CURRENT_DATA && element.videoWidth > 0) {
          const text = detector
            ? ((await detector.detect(element).catch(() => []))[0]?.rawValue ?? null)
            : decodeQr(pixelsOf(element, element.videoWidth, element.videoHeight, canvas));
          if (text && !stopped) {
            stop();
            found(text);
            return;
          }
        }
        timer = setTimeout(() => void read(), READ_EVERY_MS);
      };
      void read();
    })();
    return stop;
  }, []);

  return (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      aria-label={t('user.pay.cameraView')}
      sx={{ width: '100%', maxWidth: 360, borderRadius: 1, bgcolor: 'grey.900' }}
    />
  );
}
