import { MOVEMENTS } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';

export default function DepositPage() {
  return (
    <MoneyForm
      title="Deposit"
      description="Add money to your wallet from your bank account."
      submitLabel="Deposit"
      amountMessage="Please enter a valid amount"
      movement={MOVEMENTS.deposit}
      toBody={({ balance }) => ({ balance })}
    />
  );
}
