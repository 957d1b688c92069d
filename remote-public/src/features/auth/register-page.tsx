import { AuthCard } from './auth-card';
import { RegisterForm } from './register-form';

export default function RegisterPage() {
  return (
    <AuthCard title="Create an account" subtitle="Register and get a bonus of 50 Taka in your new wallet">
      <RegisterForm />
    </AuthCard>
  );
}
