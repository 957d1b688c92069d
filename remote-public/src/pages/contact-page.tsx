import { useState } from 'react';
import { useForm } from 'react-hook-form';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';

interface ContactMessage {
  name: string;
  email: string;
  message: string;
}

/** Spec §2: submitting only shows a simulated alert; nothing is sent. */
export default function ContactPage() {
  const { control, handleSubmit, reset } = useForm<ContactMessage>({
    defaultValues: { name: '', email: '', message: '' },
  });
  const [sentBy, setSentBy] = useState<string | null>(null);
  const onSubmit = handleSubmit(({ name }) => {
    setSentBy(name.trim() || 'there');
    reset();
  });
  return (
    <Paper variant="outlined" sx={{ maxWidth: 560, mx: 'auto', p: { xs: 3, sm: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 3 }}>
        Contact Us
      </Typography>
      <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
        <FormTextField control={control} name="name" label="Name" autoComplete="name" />
        <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
        <FormTextField control={control} name="message" label="Message" multiline minRows={4} />
        <Button type="submit" variant="contained">
          Send Message
        </Button>
        {sentBy && (
          <Alert severity="success" onClose={() => setSentBy(null)}>
            Thanks, {sentBy}! This is a simulated message: nothing was sent.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
