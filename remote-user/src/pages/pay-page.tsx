import { useState } from 'react';
import { parseMerchantQr } from '@wallet/shared/bangla-qr';
import { PayForm, type ReadQr } from '../features/pay/pay-form';
import { qrProblem } from '../features/pay/qr-problem';
import { ScanStep } from '../features/pay/scan-step';

/**
 * Pay a shop (/user/pay): its QR from the camera, a photo or pasted text, read and checked here
 * (the CRC and the fields, `@wallet/shared/bangla-qr`), then the payment's review and receipt.
 */
export default function PayPage() {
  const [read, setRead] = useState<ReadQr | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function take(text: string) {
    const payload = text.trim();
    const parsed = parseMerchantQr(payload);
    if (!parsed.ok) {
      setProblem(qrProblem(parsed.reason));
      return;
    }
    setProblem(null);
    setRead({ payload, qr: parsed.qr });
  }

  if (read) return <PayForm key={read.payload} read={read} onBack={() => setRead(null)} />;
  return <ScanStep problem={problem} onPayload={take} />;
}
