import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { setLanguage } from '@wallet/shared/i18n';
import { registerInputSchema, type RegisterInput } from '@wallet/shared/contracts';
import { renderWithProviders } from '@wallet/shared/testing';
import { FormTextField } from '../form-text-field';

/** The sign-up's fields, checked by the contract's own schema, labelled in the page's language. */
function SignUp({ labels }: { labels: { name: string; email: string; password: string; submit: string } }) {
  const { control, handleSubmit } = useForm<RegisterInput>({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { name: '', email: '', password: '' },
  });
  return (
    <form onSubmit={handleSubmit(() => undefined)} noValidate>
      <FormTextField control={control} name="name" label={labels.name} />
      <FormTextField control={control} name="email" label={labels.email} />
      <FormTextField control={control} name="password" label={labels.password} />
      <button type="submit">{labels.submit}</button>
    </form>
  );
}

describe('FormTextField', () => {
  it("should put the label before the contract's fragments and show its sentences as they are", async () => {
    await renderWithProviders(
      <SignUp labels={{ name: 'Name', email: 'Email', password: 'Password', submit: 'Sign up' }} />,
    );
    await userEvent.type(screen.getByLabelText('Email'), 'not an email');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Invalid email address')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('should do the same in Bangla: the label before a fragment, a sentence alone, figures in Bangla digits', async () => {
    await act(() => setLanguage('bn'));
    await renderWithProviders(
      <SignUp labels={{ name: 'নাম', email: 'ইমেইল', password: 'পাসওয়ার্ড', submit: 'সাইন আপ' }} />,
    );
    await userEvent.type(screen.getByLabelText('ইমেইল'), 'not an email');
    await userEvent.type(screen.getByLabelText('পাসওয়ার্ড'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'সাইন আপ' }));
    expect(await screen.findByText('নাম দিতে হবে')).toBeInTheDocument();
    expect(screen.getByText('ইমেইল ঠিকানাটি সঠিক নয়')).toBeInTheDocument();
    expect(screen.getByText('পাসওয়ার্ড কমপক্ষে ৮ অক্ষরের হতে হবে')).toBeInTheDocument();
  });
});
