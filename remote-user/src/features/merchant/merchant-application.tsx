import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import {
  MERCHANT_CATEGORIES,
  merchantApplicationInputSchema,
  type MerchantApplication,
  type MerchantApplicationInput,
  type MerchantProfile,
} from '@wallet/shared/contracts';
import { formatDateTime } from '@wallet/shared/dates';
import { useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { useMerchantCategoryLabel } from '@wallet/shared/ui/wallet/merchant-categories';
import { useT } from '../../i18n';
import { TitledSection } from '@wallet/shared/ui/kit/titled-section';
import { useApplyAsMerchant, useMerchantApplication } from './use-merchant-application';

const CATEGORY_FIELD = 'category';

/** The shop's names, category and city, as its QR will carry them; the contract checks them. */
function ApplicationForm() {
  const t = useT();
  const category = useMerchantCategoryLabel();
  const { trigger, isMutating } = useApplyAsMerchant();
  const [failure, setFailure] = useState<string | null>(null);
  const { control, handleSubmit, register } = useForm<MerchantApplicationInput>({
    resolver: zodResolver(merchantApplicationInputSchema),
    defaultValues: { businessName: '', businessNameBn: '', category: '5411', city: '', cityBn: '' },
  });
  const { ref: categoryRef, ...categoryField } = register(CATEGORY_FIELD);
  const onSubmit = handleSubmit(async (input) => {
    setFailure(null);
    try {
      const { message } = await trigger(input);
      showToast(message, { variant: 'success' });
    } catch (error) {
      setFailure(errorMessage(error, t('user.merchant.sendFailed')));
    }
  });
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 480 }}>
      <FormTextField control={control} name="businessName" label={t('user.merchant.name')} />
      <FormTextField control={control} name="businessNameBn" label={t('user.merchant.nameBn')} lang="bn" />
      <TextField
        select
        label={t('user.merchant.category')}
        inputRef={categoryRef}
        {...categoryField}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
      >
        {MERCHANT_CATEGORIES.map((code) => (
          <option key={code} value={code}>
            {category(code)}
          </option>
        ))}
      </TextField>
      <FormTextField control={control} name="city" label={t('user.merchant.city')} />
      <FormTextField control={control} name="cityBn" label={t('user.merchant.cityBn')} lang="bn" />
      {failure && <Alert severity="error">{failure}</Alert>}
      <SubmitButton pending={isMutating} fullWidth={false}>
        {t('user.merchant.apply')}
      </SubmitButton>
    </Box>
  );
}

function Latest({ application }: { application: MerchantApplication | null }) {
  const t = useT();
  if (application?.status === 'pending')
    return (
      <Alert severity="info" role="status">
        {t('user.merchant.pending', {
          name: application.businessName,
          date: formatDateTime(application.requestedAt),
        })}
      </Alert>
    );
  if (application?.status === 'rejected')
    return (
      <Alert severity="warning" role="status">
        {t('user.merchant.rejected', { reason: application.reason })}
      </Alert>
    );
  return null;
}

function Merchant({ merchant }: { merchant: MerchantProfile }) {
  const t = useT();
  const category = useMerchantCategoryLabel();
  return (
    <Typography>
      {t('user.merchant.yours', {
        name: merchant.name,
        nameBn: merchant.nameBn,
        category: category(merchant.category),
        city: merchant.city,
      })}
    </Typography>
  );
}

/** An identity-approved user's application: where it stands, and the form while none waits. */
function Apply() {
  const t = useT();
  const { data: application, error, isLoading } = useMerchantApplication();
  if (isLoading) return <Typography>{t('user.review.loading')}</Typography>;
  if (error) return <Alert severity="error">{errorMessage(error, t('user.merchant.loadFailed'))}</Alert>;
  return (
    <>
      <Latest application={application ?? null} />
      {application?.status !== 'pending' && (
        <>
          <Typography>{t('user.merchant.explain')}</Typography>
          <ApplicationForm />
        </>
      )}
    </>
  );
}

/**
 * The Limits page's "Sell with your wallet": a merchant's profile, or a user's application to be
 * one (POST /user/merchant-application) once staff have approved their identity.
 */
export function MerchantApplicationSection() {
  const t = useT();
  const user = useSession((state) => state.user);
  if (!user || user.role !== 'USER') return null;
  return (
    <TitledSection title={t('user.merchant.title')} sx={{ mb: 3 }}>
      {user.merchant ? (
        <Merchant merchant={user.merchant} />
      ) : user.tier === 'KYC_APPROVED' ? (
        <Apply />
      ) : (
        <Typography>{t('user.merchant.verifyFirst')}</Typography>
      )}
    </TitledSection>
  );
}
