export * from './dashboard';
export * from './documents';
export * from './cases';
export * from './case-escalations';
export * from './profile';
export * from './attention';
export * from './mail-preferences';
