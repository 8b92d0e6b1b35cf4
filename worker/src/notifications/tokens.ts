/** Retry policies of outbound jobs (loadRetryPolicies from the environment). */
export const RETRY_POLICIES = Symbol('RETRY_POLICIES');
