export { loadServerConfig, ConfigError, SERVER_CONFIG_VARIABLES, type ServerConfig } from './config/server-config';
export { hashPassword, verifyPassword, passwordNeedsRehash, PASSWORD_HASH_OPTIONS } from './security/passwords';
export {
  checkOutboundUrl,
  outboundTargetProblem,
  resolvePublicAddresses,
  OutboundTargetRefused,
  OUTBOUND_TARGET_MESSAGES,
  type OutboundPolicy,
  type OutboundTarget,
} from './security/outbound-targets';
export { isInternalAddress, isInternalHostName } from './security/internal-addresses';
export { legacyWebhookSignature, webhookSignatureHeader } from './security/webhook-signature';
export * from './observability';
export * from './storage';
