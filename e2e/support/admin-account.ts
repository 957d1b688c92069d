/** The admin the site creates at start (playwright.config.ts passes it in the env): a throwaway database, a throwaway password. */
export const E2E_ADMIN = { email: 'admin@e2e.example.com', password: 'e2e-admin-password' };
