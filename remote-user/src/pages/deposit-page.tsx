import { MOVEMENTS } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';
import { useT } from '../i18n';

export default function DepositPage() {
  const t = useT();
  return (
    <MoneyForm
      title={t('user.deposit.title')}
      description={t('user.deposit.description')}
      submitLabel={t('user.deposit.submit')}
      amountMessage={t('user.deposit.invalidAmount')}
      movement={MOVEMENTS.deposit}
      toBody={({ balance }) => ({ balance })}
    />
  );
}
