import type { DepositInput } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/money-form';

export default function DepositPage() {
  return (
    <MoneyForm<DepositInput>
      title="Deposit"
      description="Add money to your wallet from your bank account."
      submitLabel="Deposit"
      amountMessage="Please enter a valid amount"
      movement={{
        path: '/wallet/deposit',
        success: 'Deposit successful!',
        failure: 'Deposit failed. Please try again.',
      }}
      toBody={({ balance }) => ({ balance })}
    />
  );
}
