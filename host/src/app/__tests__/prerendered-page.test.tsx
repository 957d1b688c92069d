import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import { takeOverPrerenderedPage } from '../prerendered-page';

/** The page as the site sends a pre-rendered public page: the copy shown, the app's root hidden. */
function sitePage() {
  document.body.innerHTML =
    '<div id="wallet-prerendered"><main><h1>Login to your account</h1><input name="email"><input name="password" type="password"></main></div><div id="root" hidden></div>';
  return document.getElementById('root')!;
}

function LoginScreen({ loading, onEmail }: { loading: boolean; onEmail?: (value: string) => void }) {
  const [email, setEmail] = useState('');
  if (loading) {
    return (
      <main>
        <div role="status" data-page-loading="" />
      </main>
    );
  }
  return (
    <main>
      <h1>Login to your account</h1>
      <input
        name="email"
        aria-label="Email"
        value={email}
        onChange={(event) => {
          setEmail(event.target.value);
          onEmail?.(event.target.value);
        }}
      />
      <input name="password" type="password" aria-label="Password" />
    </main>
  );
}

describe('taking over a pre-rendered page', () => {
  it('should keep the copy shown while the app is still loading, then show the app instead in one step', async () => {
    const root = sitePage();
    takeOverPrerenderedPage(root);
    const { rerender } = render(<LoginScreen loading />, { container: root });
    await act(async () => undefined);
    expect(document.getElementById('wallet-prerendered')).not.toBeNull();
    expect(root.hidden).toBe(true);

    rerender(<LoginScreen loading={false} />);
    await waitFor(() => expect(document.getElementById('wallet-prerendered')).toBeNull());
    expect(root.hidden).toBe(false);
    expect(screen.getAllByRole('heading', { name: 'Login to your account' })).toHaveLength(1);
  });

  it('should carry what the visitor typed into the copy over to the app, and the focus with it', async () => {
    const root = sitePage();
    const copyEmail = document.querySelector<HTMLInputElement>('#wallet-prerendered input[name="email"]')!;
    copyEmail.value = 'early@example.com';
    copyEmail.focus();
    const typed: string[] = [];
    takeOverPrerenderedPage(root);
    render(<LoginScreen loading={false} onEmail={(value) => typed.push(value)} />, { container: root });

    await waitFor(() => expect(document.getElementById('wallet-prerendered')).toBeNull());
    const email = screen.getByRole('textbox', { name: 'Email' });
    // React saw it as typing: its state holds the value.
    expect(typed).toEqual(['early@example.com']);
    expect(email).toHaveValue('early@example.com');
    expect(email).toHaveFocus();
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });

  it('should do nothing on a page that came without a pre-rendered copy', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    const root = document.getElementById('root')!;
    takeOverPrerenderedPage(root);
    render(<LoginScreen loading={false} />, { container: root });
    await act(async () => undefined);
    expect(root.hidden).toBe(false);
    expect(screen.getByRole('heading', { name: 'Login to your account' })).toBeInTheDocument();
  });
});
