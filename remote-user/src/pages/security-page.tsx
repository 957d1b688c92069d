import { SecurityPage as PinSecurityPage } from '@wallet/shared/ui/wallet/pin-settings';
import { useT } from '../i18n';

/** The wallet PIN that confirms money leaving the wallet: whether it is set, and setting or changing it. */
export default function SecurityPage() {
  const t = useT();
  return <PinSecurityPage title={t('user.security.title')} />;
}
