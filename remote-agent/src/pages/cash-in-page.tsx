import { MOVEMENTS } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';
import { WalletOverview } from '@wallet/shared/ui/wallet/wallet-overview';

/**
 * The agent's dashboard: the wallet's figures above the cash-in form. Unlike the spec's original,
 * "CashIn successful!" appears only once the server accepted the cash-in: a refused one must never
 * look done to an agent holding a customer's cash.
 */
export default function CashInPage() {
  return (
    <>
      <WalletOverview historyPath="/agent/history" />
      <MoneyForm
        title="Cash In"
        description="Put money into a user's wallet from your own: take the cash, then send the same amount."
        submitLabel="Cash In"
        amountMessage="Please enter a valid balance"
        counterpart={{ label: 'User', message: 'Please select an User' }}
        movement={MOVEMENTS['cash-in']}
        toBody={({ counterpart, balance }) => ({ userId: counterpart._id, balance })}
      />
    </>
  );
}
