import {
  GROUP_ADDENDUM_EXTENSIONS,
  GROUP_ADDENDUM_FIELD,
  GROUP_BANNER_EXTENSIONS,
  GROUP_BANNER_FIELD,
} from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { groupStagingDir } from '../company-admin/group-uploads';
import {
  acceptedUpload,
  StagedUploadCleanup,
  stagingUploadOptions,
  type StagedFile,
} from '../../platform/common/staged-files';
import type { UploadOptions } from '../../platform/common/multipart';

export interface GroupFormFiles {
  [GROUP_ADDENDUM_FIELD]?: StagedFile[];
  [GROUP_BANNER_FIELD]?: StagedFile[];
}

export const GROUP_FORM_FILE_FIELDS = [
  { name: GROUP_ADDENDUM_FIELD, maxCount: 1 },
  { name: GROUP_BANNER_FIELD, maxCount: 1 },
];

/**
 * multer for the back office's group calls: the group documents' staging and size limit (413), with room for the
 * form's two files and its many fields.
 */
export function superAdminGroupUploadOptions(config: ServerConfig): UploadOptions {
  return stagingUploadOptions(groupStagingDir(config), config, { files: 2, fields: 40 });
}

/** Removes the staged files of a failed group form, and turns multer's field errors into the api's 422. */
export const GroupFormUploadCleanupInterceptor = StagedUploadCleanup(
  GROUP_ADDENDUM_FIELD,
  'Please upload at most one addendum and one banner.',
);

export const ADDENDUM_PDF_MESSAGE = 'The addendum must be a PDF file.';

/** The addendum must be a .pdf whose content is a PDF. */
export async function assertAddendumPdf(file: StagedFile): Promise<void> {
  await acceptedUpload(file, {
    field: GROUP_ADDENDUM_FIELD,
    noun: 'addendum',
    kind: 'agreement',
    extensions: GROUP_ADDENDUM_EXTENSIONS,
    refusal: ADDENDUM_PDF_MESSAGE,
  });
}

/**
 * The extension of an acceptable banner, checked by name and content: a raster image (png, jpg, gif), served by
 * /resources/group_banner/{vhost} with the type its content proves.
 */
export async function bannerExtension(file: StagedFile): Promise<string> {
  const rule = {
    field: GROUP_BANNER_FIELD,
    noun: 'banner',
    kind: 'image',
    extensions: GROUP_BANNER_EXTENSIONS,
  } as const;
  return (await acceptedUpload(file, rule)).extension;
}

const randomName = () => randomBytes(12).toString('hex');

/** Where an addendum or banner is kept: its storage key. */
export const addendumStoragePath = () => join('groups', 'addenda', `${randomName()}.pdf`);
export const bannerStoragePath = (extension: string) => join('groups', 'banners', `${randomName()}${extension}`);
