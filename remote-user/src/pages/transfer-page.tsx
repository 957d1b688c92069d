import type { TransferInput } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/money-form';

export default function TransferPage() {
  return (
    <MoneyForm<TransferInput>
      title="Transfer"
      description="Send money to another user's wallet."
      submitLabel="Transfer"
      amountMessage="Please enter a valid balance"
      counterpart={{ label: 'Receiver', message: 'Please select a receiver', purpose: 'transfer' }}
      movement={{
        path: '/wallet/transfer',
        success: 'Transfer successful!',
        failure: 'Transfer failed. Please try again.',
      }}
      toBody={({ counterpart, balance }) => ({ receiverId: counterpart._id, balance })}
    />
  );
}
