import Typography from '@mui/material/Typography';
import { useT } from '../i18n';
import { LinkForm } from '../features/links/link-form';
import { LinksTable } from '../features/links/links-table';
import { usePaymentLinks } from '../features/links/use-payment-links';
import { isNotAMerchant, MerchantOnly, NotAMerchant } from '../features/merchant-only';

function Links() {
  const t = useT();
  const links = usePaymentLinks();
  if (isNotAMerchant(links.error)) return <NotAMerchant />;
  return (
    <>
      <LinkForm />
      <Typography component="h2" variant="h6" sx={{ mb: 2 }}>
        {t('merchant.links.yours')}
      </Typography>
      <LinksTable paged={links} />
    </>
  );
}

/** Payment links: a page at /pay/<code> anyone signed in can pay, shared by message or chat. */
export default function LinksPage() {
  const t = useT();
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 3 }}>
        {t('merchant.links.title')}
      </Typography>
      <MerchantOnly>
        <Links />
      </MerchantOnly>
    </>
  );
}
