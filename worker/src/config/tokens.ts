/** Injection tokens shared by the worker's modules. */
export const SERVER_CONFIG = Symbol('SERVER_CONFIG');
export const LOGGER = Symbol('LOGGER');
export const REDIS = Symbol('REDIS');
