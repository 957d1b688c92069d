import { AuthCard } from './auth-card';
import { GoogleLoginError } from './google-login-error';
import { LoginForm } from './login-form';

export default function LoginPage() {
  return (
    <AuthCard title="Login to your account" subtitle="Enter your email and password to continue">
      <GoogleLoginError />
      <LoginForm />
    </AuthCard>
  );
}
