import { MOVEMENTS } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';
import { WalletOverview } from '@wallet/shared/ui/wallet/wallet-overview';
import { useT } from '../i18n';

/**
 * The agent's dashboard: the wallet's figures above the cash-in form. Unlike the spec's original,
 * "CashIn successful!" appears only once the server accepted the cash-in: a refused one must never
 * look done to an agent holding a customer's cash.
 */
export default function CashInPage() {
  const t = useT();
  return (
    <>
      <WalletOverview historyPath="/agent/history" />
      <MoneyForm
        title={t('agent.cashIn.title')}
        description={t('agent.cashIn.description')}
        submitLabel={t('agent.cashIn.submit')}
        amountMessage={t('agent.cashIn.invalidAmount')}
        counterpart={{ label: t('agent.cashIn.user'), message: t('agent.cashIn.noUser') }}
        movement={MOVEMENTS['cash-in']}
        toBody={({ counterpart, balance }) => ({ userId: counterpart._id, balance })}
      />
    </>
  );
}
