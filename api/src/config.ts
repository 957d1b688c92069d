import { z } from 'zod';
import { DEFAULT_MAX_TRANSACTION_TAKA } from '@wallet/shared/contracts';

const list = z
  .string()
  .optional()
  .transform((value) =>
    (value ?? '')
      .split(',')
      .map((item) => item.trim())
      .filter(Boolean),
  );

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).default(20),
  DATA_DIR: z.string().default('.data'),
  PUBLIC_URL: z.url().optional(),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  CORS_ORIGINS: list,
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(8).optional(),
  MAX_TRANSACTION_AMOUNT: z.coerce.number().positive().default(DEFAULT_MAX_TRANSACTION_TAKA),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(16 * 1024),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .positive()
    .default(24 * 7),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  REGISTER_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_WINDOW: z.string().default('1 minute'),
  SITE_ROOT: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  OIDC_ISSUER: z.url().default('https://accounts.google.com'),
});

export type Env = Partial<Record<keyof z.input<typeof envSchema>, string>>;

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  // An empty variable (DATABASE_URL= in a .env file) means "not set".
  const parsed = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== '')));
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    logLevel: e.LOG_LEVEL,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    dataDir: e.DATA_DIR,
    publicUrl: e.PUBLIC_URL,
    /** Only behind a reverse proxy: then the client address comes from X-Forwarded-For. */
    trustProxy: e.TRUST_PROXY === 'true',
    corsOrigins: e.CORS_ORIGINS,
    admin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD
        ? { email: e.ADMIN_EMAIL.toLowerCase(), password: e.ADMIN_PASSWORD }
        : undefined,
    maxTransactionTaka: e.MAX_TRANSACTION_AMOUNT,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600 * 1000,
    rateLimits: { login: e.LOGIN_RATE_LIMIT, register: e.REGISTER_RATE_LIMIT, window: e.RATE_LIMIT_WINDOW },
    siteRoot: e.SITE_ROOT,
    /** Google sign-in needs the client, its secret and the site's public URL (for the callback). */
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET && e.PUBLIC_URL
        ? {
            clientId: e.GOOGLE_CLIENT_ID,
            clientSecret: e.GOOGLE_CLIENT_SECRET,
            issuer: e.OIDC_ISSUER,
            publicUrl: e.PUBLIC_URL,
          }
        : undefined,
  };
}

export type Config = ReturnType<typeof loadConfig>;
