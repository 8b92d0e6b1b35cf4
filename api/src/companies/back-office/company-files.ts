import { COMPANY_LOGO_EXTENSIONS, COMPANY_LOGO_FIELD, COMPANY_SSO_FILE_FIELD } from '@casebridge/contracts';
import { extensionOf } from '@casebridge/db';
import { type ServerConfig } from '@casebridge/server-core';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { ValidationException } from '../../platform/common/errors';
import {
  acceptedUpload,
  StagedUploadCleanup,
  stagingUploadOptions,
  type StagedFile,
} from '../../platform/common/staged-files';
import { parseIdpMetadata } from '../sso/idp-metadata';
import type { UploadOptions } from '../../platform/common/multipart';

export interface CompanyFormFiles {
  [COMPANY_LOGO_FIELD]?: StagedFile[];
  [COMPANY_SSO_FILE_FIELD]?: StagedFile[];
}

export const COMPANY_FILE_FIELDS = [
  { name: COMPANY_LOGO_FIELD, maxCount: 1 },
  { name: COMPANY_SSO_FILE_FIELD, maxCount: 1 },
];

/** multer for the company form: at most a logo and an SSO file, staged on disk, limited in size (413). */
export function companyUploadOptions(config: ServerConfig): UploadOptions {
  return stagingUploadOptions(resolve(config.STORAGE_DIR, 'companies', 'incoming'), config, { files: 2, fields: 40 });
}

/** Every staged file of a request. */
export function stagedFiles(files: CompanyFormFiles | undefined): StagedFile[] {
  return [...(files?.[COMPANY_LOGO_FIELD] ?? []), ...(files?.[COMPANY_SSO_FILE_FIELD] ?? [])];
}

/** Removes the staged files of a failed request, and turns multer's field errors into the api's 422. */
export const CompanyUploadCleanupInterceptor = StagedUploadCleanup(
  COMPANY_LOGO_FIELD,
  'Please upload at most one logo and one SSO file.',
);

/** The extension of an acceptable logo, checked by name and content: a raster image (png, jpg, gif). */
export async function logoExtension(file: StagedFile): Promise<string> {
  const rule = { field: COMPANY_LOGO_FIELD, noun: 'logo', kind: 'image', extensions: COMPANY_LOGO_EXTENSIONS } as const;
  return (await acceptedUpload(file, rule)).extension;
}

/**
 * The identity-provider file is the one upload that legitimately is XML: it must be an .xml file that parses as
 * SAML IdP metadata with a signing certificate (a DOCTYPE is refused), the rule of admin/company/sso too, so an
 * HTML or SVG page is never kept under an .xml name. It is never served back: only the server reads it.
 */
export async function assertSsoFile(file: StagedFile): Promise<void> {
  if (extensionOf(file.originalname) !== '.xml') {
    throw ValidationException.forField(COMPANY_SSO_FILE_FIELD, 'The SSO identity file must be an XML file.');
  }
  if (!parseIdpMetadata(await readFile(file.path, 'utf8'))) {
    throw ValidationException.forField(
      COMPANY_SSO_FILE_FIELD,
      'The SSO identity file must be SAML identity provider metadata with a signing certificate.',
    );
  }
}

const randomName = () => randomBytes(12).toString('hex');

/** Where a logo is kept, its storage key (served by /resources/company_logo/{slug}). */
export function logoStoragePath(extension: string): string {
  return join('logos', `${randomName()}${extension}`);
}

/** Where an identity-provider file is kept: its storage key, under sso/. */
export function ssoStoragePath(): string {
  return join('sso', `${randomName()}.xml`);
}
