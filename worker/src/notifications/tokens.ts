/** The worker's producer on QUEUES.notifications (case-event fan-out, webhook deliveries, Teams cards). */
export const NOTIFICATIONS_QUEUE = Symbol('NOTIFICATIONS_QUEUE');
/** Retry policies of outbound jobs (loadRetryPolicies from the environment). */
export const RETRY_POLICIES = Symbol('RETRY_POLICIES');
