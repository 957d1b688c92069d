import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link as RouterLink, useNavigate } from '@wallet/shared/router';
import { showToast } from '@wallet/shared/toasts';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { registerInputSchema, type RegisterInput } from '@wallet/shared/contracts';
import { ApiError, errorMessage } from '@wallet/shared/api';
import { useRegister } from '@wallet/shared/data';
import { FormTextField } from '@wallet/shared/ui/kit/form-text-field';
import { PasswordField } from '@wallet/shared/ui/kit/password-field';
import { SubmitButton } from '@wallet/shared/ui/kit/submit-button';

const REGISTER_SUCCESS = 'User Register SuccessFully And Register Bonus You Get 50 Taka Into Your Wallet';
const USER_ALREADY_EXISTS = 'User Already Exist';

export function RegisterForm() {
  const navigate = useNavigate();
  const { trigger, isMutating } = useRegister();
  const { control, handleSubmit } = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await trigger(input);
    } catch (error) {
      const taken = error instanceof ApiError && error.status === 409;
      showToast(taken ? USER_ALREADY_EXISTS : errorMessage(error, 'Registration failed. Please try again.'), {
        variant: 'error',
      });
      return;
    }
    showToast(REGISTER_SUCCESS, { variant: 'success' });
    navigate('/login');
  });

  return (
    <Stack component="form" spacing={2} onSubmit={onSubmit} noValidate>
      <FormTextField control={control} name="name" label="Name" autoComplete="name" />
      <FormTextField control={control} name="email" label="Email" type="email" autoComplete="email" />
      <PasswordField control={control} name="password" autoComplete="new-password" />
      <SubmitButton pending={isMutating}>Sing Up</SubmitButton>
      <Typography variant="body2" sx={{ textAlign: 'center' }}>
        Already have an account?{' '}
        <Link component={RouterLink} to="/login">
          Login
        </Link>
      </Typography>
    </Stack>
  );
}
