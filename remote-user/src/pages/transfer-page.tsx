import { MOVEMENTS } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';
import { useT } from '../i18n';

export default function TransferPage() {
  const t = useT();
  return (
    <MoneyForm
      title={t('user.transfer.title')}
      description={t('user.transfer.description')}
      submitLabel={t('user.transfer.submit')}
      amountMessage={t('user.transfer.invalidAmount')}
      counterpart={{
        label: t('user.transfer.receiver'),
        message: t('user.transfer.noReceiver'),
        purpose: 'transfer',
      }}
      movement={MOVEMENTS.transfer}
      toBody={({ counterpart, balance }) => ({ receiverId: counterpart._id, balance })}
    />
  );
}
