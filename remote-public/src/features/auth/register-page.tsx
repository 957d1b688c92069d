import { useAuthT } from '../../i18n/auth';
import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';

export default function RegisterPage() {
  const t = useAuthT();
  return (
    <AuthCard title={t('public.register.title')} subtitle={t('public.register.subtitle')}>
      <RegisterForm />
    </AuthCard>
  );
}
