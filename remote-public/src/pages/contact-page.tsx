import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { usePagesT } from '../i18n/pages';

interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** Spec §2: submitting only shows a simulated alert; nothing is sent. */
export default function ContactPage() {
  const t = usePagesT();
  const { control, handleSubmit, reset } = useForm<ContactMessage>({
    defaultValues: { name: '', email: '', message: '' },
  });
  // Who the simulated thanks is for ('' when no name was given).
  const [sentBy, setSentBy] = useState<string | null>(null);
  const onSubmit = handleSubmit(({ name }) => {
    setSentBy(name.trim());
    reset();
  });
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', p: { xs: 3, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        {t('public.contact.title')}
      </Typography>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        <FormTextField control={control} name="name" label={t('public.contact.name')} autoComplete="name" />
        <FormTextField
          control={control}
          name="email"
          label={t('public.contact.email')}
          type="email"
          autoComplete="email"
        />
        <FormTextField control={control} name="message" label={t('public.contact.message')} multiline minRows={4} />
        <Button type="submit" variant="contained">
          {t('public.contact.send')}
        </Button>
        {sentBy !== null && (
          <Alert severity="success" onClose={() => setSentBy(null)}>
            {sentBy ? t('public.contact.sent', { name: sentBy }) : t('public.contact.sentNoName')}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
