import { screen } from '@testing-library/react';
import { withRole } from '@wallet/shared/testing';
import { meAnswers, renderShell } from '../testing/render-shell';

// The dashboard layout's chunk fails to download (a deploy in between, a flaky network).
jest.mock('../dashboard/dashboard-layout', () => {
  throw new Error('Loading chunk dashboard-layout failed');
});

describe('a dashboard layout that cannot load', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('should show "This area is unavailable" with Reload while the header and footer stay', async () => {
    meAnswers(withRole('USER'));
    renderShell({ route: '/user/overview' });
    expect(await screen.findByText('This area is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });
});
