import { useAuthT } from '../../i18n/auth';
import { AuthCard } from './auth-card';
import { GoogleLoginError } from './google-login-error';
import { LoginForm } from './login-form';

export default function LoginPage() {
  const t = useAuthT();
  return (
    <AuthCard title={t('public.login.title')} subtitle={t('public.login.subtitle')}>
      <GoogleLoginError />
      <LoginForm />
    </AuthCard>
  );
}
