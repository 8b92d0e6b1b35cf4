/** Injection tokens shared by the worker's modules. */
export const SERVER_CONFIG = Symbol('SERVER_CONFIG');
export const LOGGER = Symbol('LOGGER');
export const REDIS = Symbol('REDIS');
/** The file storage (local folder or S3 bucket, by STORAGE_URL), shared with the api. */
export const FILE_STORAGE = Symbol('FILE_STORAGE');
