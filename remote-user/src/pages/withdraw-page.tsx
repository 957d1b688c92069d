import { MOVEMENTS } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';
import { useT } from '../i18n';

/** A withdrawal is a cash-out: the money goes to the chosen agent, who hands it over in cash. */
export default function WithdrawPage() {
  const t = useT();
  return (
    <MoneyForm
      title={t('user.withdraw.title')}
      description={t('user.withdraw.description')}
      submitLabel={t('user.withdraw.submit')}
      amountMessage={t('user.withdraw.invalidAmount')}
      counterpart={{ label: t('user.withdraw.agent'), message: t('user.withdraw.noAgent'), purpose: 'cashout' }}
      movement={MOVEMENTS['cash-out']}
      toBody={({ counterpart, balance }) => ({ agentId: counterpart._id, balance })}
    />
  );
}
