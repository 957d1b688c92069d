import Typography from '@mui/material/Typography';
import { useT } from '../i18n';
import { isNotAMerchant, MerchantOnly, NotAMerchant, useMerchantProfile } from '../features/merchant-only';
import { DynamicQr } from '../features/qr/dynamic-qr';
import { StaticQr } from '../features/qr/static-qr';
import { useStaticQr } from '../features/qr/use-merchant-qr';

function Codes() {
  const merchant = useMerchantProfile()!;
  const qr = useStaticQr();
  if (isNotAMerchant(qr.error)) return <NotAMerchant />;
  return (
    <>
      <StaticQr merchant={merchant} qr={qr} />
      <DynamicQr />
    </>
  );
}

/** The shop's codes: its static QR to print, and a code for one payment of a set amount. */
export default function QrPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        {t('merchant.qr.title')}
      </Typography>
      <MerchantOnly>
        <Codes />
      </MerchantOnly>
    </>
  );
}
