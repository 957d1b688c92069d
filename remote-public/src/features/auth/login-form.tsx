import { useForm } from 'react-hook-form';
import { Link as RouterLink, useNavigate } from '@wallet/shared/router';
import { showToast } from '@wallet/shared/toasts';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { LoginInput } from '@wallet/shared/contracts';
import { apiUrl, errorMessage } from '@wallet/shared/api';
import { useLogin } from '@wallet/shared/data';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { GoogleIcon } from '@wallet/shared/ui/kit/icons';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';

const LOGIN_SUCCESS = 'User Logged In SuccessFully';

/** Spec §5: the login schema is not applied in the browser; the server's answer decides. */
export function LoginForm() {
  const navigate = useNavigate();
  const { trigger, isMutating } = useLogin();
  const { control, handleSubmit } = useForm<LoginInput>({ defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (credentials) => {
    try {
      await trigger(credentials);
    } catch (error) {
      showToast(errorMessage(error, 'Login failed. Please try again.'), { variant: 'error' });
      return;
    }
    showToast(LOGIN_SUCCESS, { variant: 'success' });
    navigate('/');
  });

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
      <PasswordField control={control} name="password" autoComplete="current-password" />
      <SubmitButton pending={isMutating}>Login</SubmitButton>
      <Divider>or</Divider>
      <Button
        variant="outlined"
        startIcon={<GoogleIcon />}
        onClick={() => window.location.assign(apiUrl('/auth/google'))}
      >
        Login With Google
      </Button>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        Don&apos;t have an account?{' '}
        <Link component={RouterLink} to="/register">
          Register
        </Link>
      </Typography>
    </Stack>
  );
}
