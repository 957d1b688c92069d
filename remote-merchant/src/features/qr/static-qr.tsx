import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import GlobalStyles from '@mui/material/GlobalStyles';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import type { MerchantProfile, MerchantQrReply } from '@wallet/shared/contracts';
import { TitledSection } from '@wallet/shared/ui/kit/titled-section';
import { useT } from '../../i18n';
import { QrImage } from './qr-image';

/**
 * Printing the page prints the sign alone, centred on the sheet: the shop's names above its code.
 * Everything off the way to the sign is left out (so no blank pages follow), and the boxes around
 * it lose their frames. A browser without `:has()` prints the page as it is.
 */
const SIGN = '[data-print="qr-sign"]';
const printSignOnly = {
  '@media print': {
    [`body *:not(:has(${SIGN}), ${SIGN}, ${SIGN} *)`]: { display: 'none !important' },
    [`body *:has(${SIGN})`]: {
      display: 'block !important',
      position: 'static !important',
      width: 'auto !important',
      maxWidth: 'none !important',
      minHeight: '0 !important',
      margin: '0 !important',
      padding: '0 !important',
      border: 'none !important',
      boxShadow: 'none !important',
      background: 'none !important',
      overflow: 'visible !important',
    },
    [SIGN]: {
      display: 'flex !important',
      flexDirection: 'column',
      alignItems: 'center',
      justifyContent: 'center',
      gap: '8mm',
      minHeight: '240mm',
      color: '#000',
    },
    [`${SIGN} img`]: { width: '120mm !important', maxWidth: '100% !important' },
  },
} as const;

interface StaticQrProps {
  merchant: MerchantProfile;
  qr: { data?: MerchantQrReply; error?: unknown };
}

/** The shop's own code, for the counter: any amount, typed by the payer. Printed as a sign with the shop's names. */
export function StaticQr({ merchant, qr }: StaticQrProps) {
  const t = useT();
  return (
    <TitledSection title={t('merchant.qr.static.title')} sx={{ mb: 3 }}>
      <Typography color="text.secondary">{t('merchant.qr.static.text')}</Typography>
      {qr.error ? (
        <Alert severity="error">{errorMessage(qr.error, t('merchant.qr.static.failed'))}</Alert>
      ) : !qr.data ? (
        <Typography role="status">{t('merchant.loading')}</Typography>
      ) : (
        <>
          <GlobalStyles styles={printSignOnly} />
          <Box data-print="qr-sign" sx={{ display: 'grid', justifyItems: 'center', gap: 1, py: 1 }}>
            <Typography component="p" variant="h5" sx={{ fontWeight: 700 }}>
              {merchant.name}
            </Typography>
            <Typography component="p" variant="h6" lang="bn">
              {merchant.nameBn}
            </Typography>
            <QrImage payload={qr.data.payload} alt={t('merchant.qr.static.alt', { name: merchant.name })} />
          </Box>
          <Button variant="contained" onClick={() => window.print()} sx={{ justifySelf: 'center' }}>
            {t('merchant.qr.print')}
          </Button>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {t('merchant.qr.payload')}{' '}
            <Box component="code" sx={{ userSelect: 'all' }}>
              {qr.data.payload}
            </Box>
          </Typography>
        </>
      )}
    </TitledSection>
  );
}
