import { AuthCard } from './auth-card';
import { LoginForm } from './login-form';

export default function LoginPage() {
  return (
    <AuthCard title="Login to your account" subtitle="Enter your email and password to continue">
      <LoginForm />
    </AuthCard>
  );
}
