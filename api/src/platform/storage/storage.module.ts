import { Global, Module } from '@nestjs/common';
import { createFileStorage, type ServerConfig } from '@casebridge/server-core';
import { SERVER_CONFIG } from '../config/config.module';

/** Injection token of the file storage (local folder or S3 bucket, by STORAGE_URL): `@Inject(FILE_STORAGE)`. */
export const FILE_STORAGE = Symbol('FILE_STORAGE');

@Global()
@Module({
  providers: [
    { provide: FILE_STORAGE, inject: [SERVER_CONFIG], useFactory: (config: ServerConfig) => createFileStorage(config) },
  ],
  exports: [FILE_STORAGE],
})
export class StorageModule {}
