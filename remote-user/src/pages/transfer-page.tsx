import { MOVEMENTS } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';

export default function TransferPage() {
  return (
    <MoneyForm
      title="Transfer"
      description="Send money to another user's wallet."
      submitLabel="Transfer"
      amountMessage="Please enter a valid balance"
      counterpart={{ label: 'Receiver', message: 'Please select a receiver', purpose: 'transfer' }}
      movement={MOVEMENTS.transfer}
      toBody={({ counterpart, balance }) => ({ receiverId: counterpart._id, balance })}
    />
  );
}
