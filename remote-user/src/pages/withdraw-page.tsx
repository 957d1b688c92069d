import { MOVEMENTS } from '@wallet/shared/contracts';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';

/** A withdrawal is a cash-out: the money goes to the chosen agent, who hands it over in cash. */
export default function WithdrawPage() {
  return (
    <MoneyForm
      title="Withdraw"
      description="Cash out through an agent: the amount moves to the agent's wallet, and the agent pays you in cash."
      submitLabel="Withdraw"
      amountMessage="Please enter a valid balance"
      counterpart={{ label: 'Agent', message: 'Please select an agent', purpose: 'cashout' }}
      movement={MOVEMENTS['cash-out']}
      toBody={({ counterpart, balance }) => ({ agentId: counterpart._id, balance })}
    />
  );
}
