import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { showToast } from '@wallet/shared/toasts';
import { renderWithProviders } from '@wallet/shared/testing';
import { TOAST_SETTINGS } from '@wallet/shared/toasts';

describe('toasts', () => {
  it('should keep the spec settings: 3 visible, 4 seconds, 356 px wide, 14 px apart', () => {
    expect(TOAST_SETTINGS).toEqual({ maxSnack: 3, autoHideDuration: 4000, width: 356, gap: 14 });
  });

  it('should show at most 3 toasts at once', async () => {
    await renderWithProviders(<p>page</p>);
    act(() => {
      for (const text of ['first', 'second', 'third', 'fourth']) showToast(text);
    });
    expect(await screen.findByText('third')).toBeInTheDocument();
    expect(screen.getAllByRole('alert')).toHaveLength(3);
    expect(screen.queryByText('fourth')).not.toBeInTheDocument();
  });

  it('should move focus to the newest toast on alt+T', async () => {
    await renderWithProviders(<button type="button">elsewhere</button>);
    act(() => {
      showToast('older');
      showToast('newest');
    });
    await screen.findByText('newest');
    screen.getByRole('button', { name: 'elsewhere' }).focus();
    await userEvent.keyboard('{Alt>}t{/Alt}');
    expect(document.activeElement).toHaveTextContent('newest');
  });
});
