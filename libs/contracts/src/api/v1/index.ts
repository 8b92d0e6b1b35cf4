export * from './collaboration-requests';
export * from './events';
export * from './identity';
export * from './problems';
export * from './oauth';
export * from './webhooks';
export * from './partners';
