export { createConnectClient, type ConnectClient, type ConnectClientOptions, type ConnectMe } from './client';
export { bearerAuth, OAuthTokenSource, StaticToken, type OAuthCredentials, type TokenSource } from './auth';
export { ConnectApiError, type ProblemDetails } from './errors';
export { iterateEvents, type FeedEvent, type FeedPage, type IterateOptions } from './events';
export { mayRepeat, retryDelayMs, withRetries, type RetryOptions } from './retry';
export {
  SIGNATURE_HEADER,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
  webhooks,
  type VerifyOptions,
  type WebhookFailure,
  type WebhookHeaders,
} from './webhooks';
export type { paths } from './generated/connect';
