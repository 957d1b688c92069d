import { useState } from 'react';
import { MOVEMENTS, type MoneyRequest } from '@wallet/shared/contracts';
import { useSearchParams } from '@wallet/shared/router';
import { MoneyForm } from '@wallet/shared/ui/wallet/money-form';
import { RequestNotPayable, usePayingTerms } from '../features/requests/pay-request';
import { useRequestToPay } from '../features/requests/use-requests';
import { useT } from '../i18n';

interface TransferFormProps {
  /** With what paying a request fixes (its requester, its amount), and how to leave it. */
  terms?: ReturnType<typeof usePayingTerms>;
  requestId?: string;
}

function TransferForm({ terms, requestId }: TransferFormProps) {
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
      toBody={({ counterpart, balance }) => ({ receiverId: counterpart._id, balance, requestId })}
      {...terms}
    />
  );
}

/** A request asked of the person, paid as asked: the transfer form with its requester and amount. */
function PayRequest({ request }: { request: MoneyRequest }) {
  const terms = usePayingTerms(request);
  return <TransferForm terms={terms} requestId={request._id} />;
}

function RequestToPay({ id }: { id: string }) {
  const { data: request, error } = useRequestToPay(id);
  // Once shown, the form stays: the request read again once paid must not take its receipt away.
  const [paying, setPaying] = useState<MoneyRequest | null>(null);
  if (!paying && request?.status === 'open') setPaying(request);
  if (paying) return <PayRequest request={paying} />;
  return <RequestNotPayable request={request} error={error} />;
}

/** Send Money (/user/transfer); with `?request=<id>`, paying that request asked of the person. */
export default function TransferPage() {
  const [params] = useSearchParams();
  const requestId = params.get('request');
  if (requestId) return <RequestToPay key={requestId} id={requestId} />;
  return <TransferForm />;
}
