import { useState } from 'react';
import { Trans } from '@lingui/react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { KYC_REQUEST_PATH, type KycRequest, type Tier } from '@wallet/shared/contracts';
import { ApiError, errorMessage, ME_KEY } from '@wallet/shared/api';
import { MY_LIMITS_KEY } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { useAskForReview, useKycRequest } from './use-kyc-request';
import { useT, type UserMessage } from '../../i18n';
import { TitledSection } from '@wallet/shared/ui/kit/titled-section';

const TIER_WORDS: Record<Tier, UserMessage> = {
  UNVERIFIED: 'user.tier.UNVERIFIED',
  EMAIL_VERIFIED: 'user.tier.EMAIL_VERIFIED',
  KYC_APPROVED: 'user.tier.KYC_APPROVED',
};

/** "Your account: <strong>tier</strong>", the tier in bold wherever the language puts it. */
const YOUR_ACCOUNT: UserMessage = 'user.review.account';

/** The latest request, as the person reads it: waiting, or rejected with the admin's reason. */
function LatestRequest({ request }: { request: KycRequest | null }) {
  const t = useT();
  if (request?.status === 'pending')
    return (
      <Alert severity="info" role="status">
        {t('user.review.pending', { date: formatDateTime(request.requestedAt) })}
      </Alert>
    );
  if (request?.status === 'rejected')
    return (
      <Alert severity="warning" role="status">
        {t('user.review.rejected', { reason: request.reason })}
      </Alert>
    );
  return null;
}

/** An email-verified person's review: the latest request, and a way to ask while none waits. */
function ReviewRequest() {
  const { mutate } = useSWRConfig();
  const { data: request, error, isLoading } = useKycRequest();
  const { trigger, isMutating } = useAskForReview();
  const [refusal, setRefusal] = useState<string | null>(null);
  const t = useT();

  const ask = async () => {
    setRefusal(null);
    try {
      const { message } = await trigger();
      showToast(message, { variant: 'success' });
    } catch (error) {
      const message = errorMessage(error, t('user.review.sendFailed'));
      if (error instanceof ApiError && error.status === 409) {
        // Asked meanwhile (another tab) or approved since: reading them again shows where it stands.
        showToast(message, { variant: 'info' });
        void mutate(KYC_REQUEST_PATH);
        void mutate(ME_KEY);
        void mutate(MY_LIMITS_KEY);
        return;
      }
      setRefusal(message);
    }
  };

  if (isLoading) return <Typography>{t('user.review.loading')}</Typography>;
  if (error) return <Alert severity="error">{errorMessage(error, t('user.review.loadFailed'))}</Alert>;
  return (
    <>
      <LatestRequest request={request ?? null} />
      {request?.status !== 'pending' && (
        <Box>
          <Typography sx={{ mb: 1.5 }}>{t('user.review.explain')}</Typography>
          <Button variant="contained" onClick={() => void ask()} disabled={isMutating}>
            {isMutating ? t('user.review.processing') : t('user.review.ask')}
          </Button>
          {refusal && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {refusal}
            </Alert>
          )}
        </Box>
      )}
    </>
  );
}

/**
 * The Limits page's identity review: the person's tier in words and, once their email is
 * verified, their review (POST /user/kyc-request asks for one; GET shows the latest).
 */
export function IdentityReview() {
  const tier = useSession((state) => state.user?.tier);
  const t = useT();
  if (!tier) return null;
  return (
    <TitledSection title={t('user.review.title')} sx={{ mb: 3 }}>
      <Typography>
        <Trans id={YOUR_ACCOUNT} values={{ tier: t(TIER_WORDS[tier]) }} components={{ 0: <strong /> }} />
      </Typography>
      {tier === 'UNVERIFIED' && <Typography>{t('user.review.verifyFirst')}</Typography>}
      {tier === 'EMAIL_VERIFIED' && <ReviewRequest />}
      {tier === 'KYC_APPROVED' && <Typography>{t('user.review.verified')}</Typography>}
    </TitledSection>
  );
}
