import { useEffect, useState } from 'react';
import QRCode, { type QRCodeToStringOptions } from 'qrcode';
import Box from '@mui/material/Box';

/** How large the code is shown on screen (CSS pixels). */
const QR_DISPLAY_PX = 320;

/**
 * Error correction M (a smudge or a crease still reads) and the quiet zone of 4 modules the QR
 * standard asks for, drawn as SVG: sharp at any size, on a phone's dense screen, in a screenshot
 * and on paper, where a bitmap would be scaled and blurred.
 */
const QR_OPTIONS: QRCodeToStringOptions = {
  type: 'svg',
  errorCorrectionLevel: 'M',
  margin: 4,
  width: QR_DISPLAY_PX,
};

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

/** A QR payload drawn as an image, black on white whatever the colour scheme. */
export function QrImage({ payload, alt }: { payload: string; alt: string }) {
  const [drawn, setDrawn] = useState<{ payload: string; src: string } | null>(null);
  useEffect(() => {
    let current = true;
    void QRCode.toString(payload, QR_OPTIONS).then((svg) => current && setDrawn({ payload, src: svgDataUrl(svg) }));
    return () => {
      current = false;
    };
  }, [payload]);
  const size = { width: QR_DISPLAY_PX, maxWidth: '100%', aspectRatio: '1 / 1' };
  if (drawn?.payload !== payload) return <Box sx={{ ...size, bgcolor: 'action.hover' }} />;
  return <Box component="img" src={drawn.src} alt={alt} sx={{ ...size, display: 'block', height: 'auto' }} />;
}
