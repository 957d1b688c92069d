import { useId, useState } from 'react';
import { useController, useForm, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ApiError, errorMessage } from '@wallet/shared/api';
import { APP_NAMES, type AppName } from '@wallet/shared/areas';
import {
  DEPLOY_TOKEN_MAX_DAYS,
  type CreateDeployTokenInput,
  type CreatedDeployToken,
} from '@wallet/shared/contracts/releases';
import { showToast } from '@wallet/shared/toasts';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';
import { formatCount } from '../../format';
import { useT } from '../../i18n';
import { areaTitle } from './area-title';
import { TOKEN_FORM_DEFAULTS, tokenFormSchema, type TokenFormValues } from './token-form';
import { TokenSecretDialog } from './token-secret-dialog';
import { useCreateDeployToken } from './use-create-deploy-token';

/** One checkbox an area, in the registry's order; the message names the group, as a text field's names its label. */
function AreasField({ control }: { control: Control<TokenFormValues> }) {
  const t = useT();
  const helperId = useId();
  const { field, fieldState } = useController({ control, name: 'areas' });
  const toggle = (area: AppName, checked: boolean) =>
    field.onChange(APP_NAMES.filter((name) => (name === area ? checked : field.value.includes(name))));
  return (
    <FormControl component="fieldset" variant="standard" error={Boolean(fieldState.error)} aria-describedby={helperId}>
      <FormLabel component="legend">{t('admin.token.areas')}</FormLabel>
      <FormGroup row>
        {APP_NAMES.map((area, index) => (
          <FormControlLabel
            key={area}
            label={areaTitle(t, area)}
            control={
              <Checkbox
                checked={field.value.includes(area)}
                onChange={(event) => toggle(area, event.target.checked)}
                onBlur={field.onBlur}
                inputRef={index === 0 ? field.ref : undefined}
              />
            }
          />
        ))}
      </FormGroup>
      <FormHelperText id={helperId}>
        {fieldState.error
          ? t('admin.token.areasError', { message: fieldState.error.message })
          : t('admin.token.areasHelp')}
      </FormHelperText>
    </FormControl>
  );
}

/** A new token: its secret is shown once, in a dialog, and the form starts again empty. */
export function CreateTokenForm() {
  const t = useT();
  const headingId = useId();
  const [created, setCreated] = useState<CreatedDeployToken | null>(null);
  const { trigger, isMutating } = useCreateDeployToken();
  const { control, handleSubmit, reset, setError } = useForm<TokenFormValues, unknown, CreateDeployTokenInput>({
    resolver: zodResolver(tokenFormSchema) as unknown as Resolver<TokenFormValues, unknown, CreateDeployTokenInput>,
    defaultValues: TOKEN_FORM_DEFAULTS,
  });
  // The fields hold what was typed (the form's input), not the number the schema makes of the days.
  const typed = control as unknown as Control<TokenFormValues>;

  const onSubmit = handleSubmit(async (input) => {
    try {
      const { data } = await trigger(input);
      reset();
      setCreated(data);
    } catch (error) {
      const message = errorMessage(error, t('admin.token.createFailed'));
      showToast(message, { variant: 'error' });
      // A name in use: the field says so too, where the admin changes it.
      if (error instanceof ApiError && error.status === 409) setError('name', { type: 'server', message });
    }
  });

  return (
    <>
      <Box component="form" noValidate onSubmit={onSubmit} aria-labelledby={headingId}>
        <Stack spacing={2} sx={{ maxWidth: 640 }}>
          <Typography id={headingId} component="h3" variant="subtitle1">
            {t('admin.token.create')}
          </Typography>
          <FormTextField
            control={typed}
            name="name"
            label={t('admin.column.name')}
            autoComplete="off"
            helperText={t('admin.token.nameHelp')}
          />
          <AreasField control={typed} />
          <FormTextField
            control={typed}
            name="expiresInDays"
            label={t('admin.token.expiresInDays')}
            helperText={t('admin.token.daysHelp', { max: formatCount(DEPLOY_TOKEN_MAX_DAYS) })}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
          <Box>
            <SubmitButton pending={isMutating} fullWidth={false}>
              {t('admin.token.create')}
            </SubmitButton>
          </Box>
        </Stack>
      </Box>
      {created && <TokenSecretDialog created={created} onClose={() => setCreated(null)} />}
    </>
  );
}
