export * from './dashboard';
export * from './documents';
export * from './cases';
export * from './profile';
