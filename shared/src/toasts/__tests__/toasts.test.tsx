import { act, render, screen } from '@testing-library/react';
import { showToast, ToastProvider } from '@wallet/shared/toasts';
import { useToastStore } from '../toast-store';

/** The toaster's fetch fails this many times before it works, like a phone that lost its signal. */
let mockFailures = 0;
jest.mock('../toaster', () => {
  if (mockFailures > 0) {
    mockFailures -= 1;
    throw new Error('Loading chunk toaster failed');
  }
  return jest.requireActual('../toaster');
});

beforeEach(() => {
  useToastStore.setState({ wanted: false, queue: [] });
});

describe('toasts', () => {
  // First: once a fetch has worked, the module registry keeps the toaster for the rest of the file.
  it('should keep the toasts of a failed fetch and show them when the next toast fetches it again', async () => {
    mockFailures = 1;
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    await act(async () => {
      showToast('Lost in the tunnel?');
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useToastStore.getState().wanted).toBe(false);
    act(() => showToast('Back online'));
    expect(await screen.findByText('Back online')).toBeInTheDocument();
    expect(screen.getByText('Lost in the tunnel?')).toBeInTheDocument();
  });

  it('should fetch nothing until a toast is asked for', () => {
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    expect(useToastStore.getState().wanted).toBe(false);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should show, in order, the toasts asked for before the toaster had arrived', async () => {
    render(
      <ToastProvider>
        <p>page</p>
      </ToastProvider>,
    );
    act(() => {
      showToast('Transfer sent', { variant: 'success' });
      showToast('Second');
    });
    expect(await screen.findByText('Second')).toBeInTheDocument();
    const shown = screen.getAllByRole('alert').map((toast) => toast.textContent);
    expect(shown.findIndex((text) => text?.includes('Transfer sent'))).toBeLessThan(
      shown.findIndex((text) => text?.includes('Second')),
    );
    expect(useToastStore.getState().queue).toEqual([]);
  });
});
