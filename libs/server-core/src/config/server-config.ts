import { z } from 'zod';

/**
 * Server configuration, read from environment variables with safe local defaults.
 * Shared by api, worker and the db scripts; validated once at boot with a message that names what is wrong.
 */
const ServerConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  DATABASE_URL: z.url().default('postgres://postgres@127.0.0.1:5432/casebridge'),
  REDIS_URL: z.url().default('redis://127.0.0.1:6379'),
  /** Prefix of every Redis key (queues, rate limits, socket streams); tests use one per run. */
  REDIS_PREFIX: z.string().min(1).default('casebridge'),
  SMTP_URL: z.url().default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('Casebridge <no-reply@casebridge.test>'),
  /** The network's membership address: invites, missing partners, onboarding. */
  MEMBERSHIP_EMAIL: z.email().default('membership@casebridge.test'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  JWT_SECRET: z
    .string()
    .min(16, 'JWT_SECRET must be at least 16 characters')
    .default('casebridge-local-development-secret'),
  /** Access-token lifetime in seconds (about one hour). */
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(30).default(3600),
  /** How long an expired access token may still be refreshed, in seconds. */
  REFRESH_WINDOW: z.coerce
    .number()
    .int()
    .min(60)
    .default(14 * 24 * 3600),
  PRODUCT_NAME: z.string().min(1).default('Casebridge'),
  UPLOAD_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024),
  /** The local folder: uploads are staged here, and files are kept here unless STORAGE_URL names a bucket. */
  STORAGE_DIR: z.string().min(1).default('var/storage'),
  /** `s3://bucket` (or `s3://bucket/prefix`): files in S3-compatible object storage, shared by a cluster. */
  STORAGE_URL: z
    .union([z.literal(''), z.string().regex(/^s3:\/\/[a-z0-9.-]+(\/.*)?$/, 'must look like s3://bucket')])
    .default(''),
  /** The S3 server's address for anything but AWS itself (MinIO, a local stand-in); empty: AWS. */
  S3_ENDPOINT: z.union([z.literal(''), z.url()]).default(''),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Empty: the AWS SDK's own credential chain (AWS_ACCESS_KEY_ID, instance roles). */
  S3_ACCESS_KEY_ID: z.string().default(''),
  S3_SECRET_ACCESS_KEY: z.string().default(''),
  /** Built web app served by the api; empty to serve none. */
  WEB_DIST: z.string().default('web/dist'),
  BLOG_URL: z.string().default(''),
  COLLAB_SERVICE_URL: z.string().default(''),
  CASE_EXCHANGE_URL: z.string().default(''),
  STRIPE_SECRET_KEY: z.string().default(''),
  STRIPE_PUBLISHABLE_KEY: z.string().default(''),
  STRIPE_API_BASE: z.string().default(''),
  /** Where browsers load Stripe.js from; tests point it at the local Stripe stand-in. */
  STRIPE_JS_URL: z.string().min(1).default('https://js.stripe.com/v3/'),
  LOGO_SERVICE_URL: z.string().default(''),
  /**
   * Lets webhook and Teams URLs that users supply use plain http and reach private, loopback and other internal
   * addresses. Only for local receivers in tests and development: it reopens the SSRF the check closes.
   */
  OUTBOUND_ALLOW_PRIVATE_TARGETS: z.stringbool().default(false),
  /** Login attempts allowed per account and per address in LOGIN_RATE_WINDOW seconds. */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  LOGIN_RATE_WINDOW: z.coerce.number().int().min(1).default(60),
  /** Requests each client (API token, OAuth client or session) may make to the integration API (/api/v1) a minute. */
  CONNECT_RATE_LIMIT: z.coerce.number().int().min(1).default(600),
  /** How long the sandbox partner waits before answering a case event, in milliseconds (small in tests). */
  SANDBOX_ANSWER_DELAY_MS: z.coerce.number().int().min(0).default(5000),
  /** Where the worker reaches the api to answer as the sandbox partner (its token-link answers); empty: PUBLIC_URL. */
  SANDBOX_API_URL: z.union([z.literal(''), z.url()]).default(''),
  /** Hours a ready export file is kept before the cleanup job deletes it. */
  EXPORT_TTL_HOURS: z.coerce.number().int().min(1).default(24),
  /** When set, /metrics (api and worker) answers only `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().default(''),
  /** Where the worker serves /metrics and its probes; port 0 takes a free port (tests, several workers on a host). */
  WORKER_METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9465),
  /**
   * On SIGTERM, how long the api keeps answering while /api/health/ready says 503, so a load balancer stops sending
   * it new requests before it closes: longer than the balancer's health-check interval times its fall count (5000
   * behind scripts/lib/balancer.mjs's HAProxy). 0, the default, for a single process with no balancer in front.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ServerConfig = z.infer<typeof ServerConfigSchema>;

export class ConfigError extends Error {}

export function loadServerConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = ServerConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  if (parsed.data.NODE_ENV === 'production' && parsed.data.JWT_SECRET === 'casebridge-local-development-secret') {
    throw new ConfigError('Invalid configuration: JWT_SECRET must be set in production');
  }
  return parsed.data;
}

/** Table for the README: variable, default. */
export const SERVER_CONFIG_VARIABLES = Object.keys(ServerConfigSchema.shape);
