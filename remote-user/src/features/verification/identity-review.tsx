import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { KYC_REQUEST_PATH, type KycRequest, type Tier } from '@wallet/shared/contracts';
import { ApiError, errorMessage, ME_KEY } from '@wallet/shared/api';
import { MY_LIMITS_KEY } from '@wallet/shared/data';
import { formatDateTime } from '@wallet/shared/dates';
import { useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { useAskForReview, useKycRequest } from './use-kyc-request';

const TIER_WORDS: Record<Tier, string> = {
  UNVERIFIED: 'Unverified',
  EMAIL_VERIFIED: 'Email verified',
  KYC_APPROVED: 'Identity verified',
};

/** The latest request, as the person reads it: waiting, or rejected with the admin's reason. */
function LatestRequest({ request }: { request: KycRequest | null }) {
  if (request?.status === 'pending')
    return (
      <Alert severity="info" role="status">
        Your review is waiting for an admin. You asked on {formatDateTime(request.requestedAt)}.
      </Alert>
    );
  if (request?.status === 'rejected')
    return (
      <Alert severity="warning" role="status">
        Your last review was rejected. The reason given: {request.reason}
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

  const ask = async () => {
    setRefusal(null);
    try {
      const { message } = await trigger();
      showToast(message, { variant: 'success' });
    } catch (error) {
      const message = errorMessage(error, 'Your request could not be sent. Please try again.');
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

  if (isLoading) return <Typography>Loading...</Typography>;
  if (error)
    return <Alert severity="error">{errorMessage(error, 'Your review could not be loaded. Please try again.')}</Alert>;
  return (
    <>
      <LatestRequest request={request ?? null} />
      {request?.status !== 'pending' && (
        <Box>
          <Typography sx={{ mb: 1.5 }}>
            An admin checks who you are (by a call, or at a branch). Once your identity is verified, your limits are
            higher.
          </Typography>
          <Button variant="contained" onClick={() => void ask()} disabled={isMutating}>
            {isMutating ? 'Processing...' : 'Ask for a review'}
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
  const id = useId();
  const tier = useSession((state) => state.user?.tier);
  if (!tier) return null;
  return (
    <Paper component="section" variant="outlined" aria-labelledby={id} sx={{ p: 2, mb: 3 }}>
      <Typography id={id} component="h2" variant="h6" sx={{ mb: 1 }}>
        Identity review
      </Typography>
      <Box sx={{ display: 'grid', rowGap: 1.5 }}>
        <Typography>
          Your account: <strong>{TIER_WORDS[tier]}</strong>
        </Typography>
        {tier === 'UNVERIFIED' && (
          <Typography>
            Verify your email first: then you can ask for an identity review. Open the link we sent you, or ask for a
            new one above.
          </Typography>
        )}
        {tier === 'EMAIL_VERIFIED' && <ReviewRequest />}
        {tier === 'KYC_APPROVED' && <Typography>Your identity is verified: you have the highest limits.</Typography>}
      </Box>
    </Paper>
  );
}
