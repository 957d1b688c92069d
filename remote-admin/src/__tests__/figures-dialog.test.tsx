import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { feesApi, held, limitsApi, renderWithProviders } from '@wallet/shared/testing';
import FeesPage from '../pages/fees-page';
import LimitsPage from '../pages/limits-page';

// Fees and limits edit a row in one dialog; what the dialog itself does is tested here for both.
describe('a row of figures in its dialog', () => {
  it.each([
    { area: 'fees', Page: FeesPage, api: feesApi, row: 'Cash out fees', saved: 'Fees updated' },
    {
      area: 'limits',
      Page: LimitsPage,
      api: limitsApi,
      row: 'Send money limits for Email verified',
      saved: 'Limits updated',
    },
  ])(
    'should stay open on Escape while the $area row is being saved, and close once saved',
    async ({ Page, api, row, saved }) => {
      const state = api();
      await renderWithProviders(<Page />);
      await userEvent.click(await screen.findByRole('button', { name: `Edit ${row}` }));
      const dialog = await screen.findByRole('dialog', { name: row });
      const hold = held();
      state.hold = hold.promise;
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      // From a field: the Save button that had the focus is disabled now.
      const field = within(dialog).getAllByRole('textbox')[0]!;
      await userEvent.type(field, '{Escape}');
      // Closing would hand the focus back to the Edit button at once, while the dialog still fades out.
      expect(field).toHaveFocus();
      expect(within(dialog).getByRole('button', { name: 'Processing...' })).toBeDisabled();

      await act(async () => hold.release());
      expect(await screen.findByText(saved)).toBeInTheDocument();
      // The dialog may be gone before the toast is found: waitForElementToBeRemoved would then never end.
      await waitFor(() => expect(screen.queryByRole('dialog', { name: row })).not.toBeInTheDocument());
    },
  );
});
