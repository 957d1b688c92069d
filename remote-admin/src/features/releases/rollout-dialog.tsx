import { useId } from 'react';
import { useController, useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import { ApiError, errorMessage } from '@wallet/shared/api';
import type { AreaReleases, RolloutInput } from '@wallet/shared/contracts/releases';
import { showToast } from '@wallet/shared/toasts';
import { DialogFormActions } from '@wallet/shared/ui/kit/dialog-form-actions';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { formatCount } from '../../format';
import { useT, type AdminT } from '../../i18n';
import { areaTitle } from './area-title';
import { rolloutFormDefaults, rolloutFormSchema, type RolloutFormValues } from './rollout-form';
import { useRolloutRelease } from './use-rollout-release';

/** A refusal (403, 404, 409) is final: the list on screen is refreshed to what is now so. Anything else may work again. */
const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500;

const rolledOut = (t: AdminT, area: AreaReleases['area'], { version, audience, share }: RolloutInput) => {
  const values = {
    title: areaTitle(t, area),
    version,
    share: share === undefined ? String(share) : formatCount(share),
  };
  return audience === 'admins' ? t('admin.rollout.inPreview', values) : t('admin.rollout.rollingOutTo', values);
};

function AudienceField({ control }: { control: Control<RolloutFormValues> }) {
  const t = useT();
  const labelId = useId();
  const { field } = useController({ control, name: 'audience' });
  return (
    <FormControl>
      <FormLabel id={labelId}>{t('admin.rollout.who')}</FormLabel>
      <RadioGroup aria-labelledby={labelId} name={field.name} value={field.value} onChange={field.onChange}>
        <FormControlLabel
          value="share"
          control={<Radio inputRef={field.ref} />}
          label={t('admin.rollout.shareOption')}
        />
        <FormControlLabel value="admins" control={<Radio />} label={t('admin.rollout.adminsOption')} />
      </RadioGroup>
    </FormControl>
  );
}

interface RolloutDialogProps {
  entry: AreaReleases;
  version: string;
  onClose: () => void;
}

/** Rolls `version` out beside the live release: to a share of visitors (1 to 99 percent), or to admins only. */
export function RolloutDialog({ entry, version, onClose }: RolloutDialogProps) {
  const t = useT();
  const descriptionId = useId();
  const { trigger, isMutating } = useRolloutRelease(entry.area);
  const { control, handleSubmit } = useForm<RolloutFormValues, unknown, RolloutInput>({
    resolver: zodResolver(rolloutFormSchema) as unknown as Resolver<RolloutFormValues, unknown, RolloutInput>,
    defaultValues: rolloutFormDefaults(version),
  });
  // The fields hold what was typed (the form's input), not the number the schema makes of the share.
  const typed = control as unknown as Control<RolloutFormValues>;
  const audience = useWatch({ control: typed, name: 'audience' });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await trigger(input);
      showToast(rolledOut(t, entry.area, input), { variant: 'success' });
    } catch (error) {
      showToast(errorMessage(error, t('admin.rollout.failed')), { variant: 'error' });
      if (!isRefusal(error)) return;
    }
    onClose();
  });

  return (
    <Dialog open onClose={isMutating ? undefined : onClose} maxWidth="xs" fullWidth aria-describedby={descriptionId}>
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle>
          {t('admin.rollout.dialogTitle', { area: entry.area, title: areaTitle(t, entry.area), version })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText id={descriptionId}>
              {t('admin.rollout.everyoneElse', { live: `${entry.live?.version}` })}
            </DialogContentText>
            <AudienceField control={typed} />
            {audience === 'share' && (
              <FormTextField
                control={typed}
                name="share"
                label={t('admin.rollout.shareLabel')}
                helperText={t('admin.rollout.shareHelp')}
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  input: { endAdornment: <InputAdornment position="end">%</InputAdornment> },
                }}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogFormActions pending={isMutating} onCancel={onClose} submitLabel={t('admin.rollout.submit')} />
      </Box>
    </Dialog>
  );
}
