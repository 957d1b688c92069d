import type { Page } from '@playwright/test';

/**
 * Chromium's virtual authenticator (the DevTools WebAuthn domain) on `page`: a platform
 * authenticator that keeps discoverable credentials and verifies its user (as a device's screen
 * lock would) without a prompt. What it holds can be read, as a device's passkey list.
 */
export async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return {
    /** The passkeys the device holds: each one's relying party and sign count. */
    async credentials() {
      const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
      return credentials.map(({ rpId, signCount }) => ({ rpId, signCount }));
    },
  };
}
