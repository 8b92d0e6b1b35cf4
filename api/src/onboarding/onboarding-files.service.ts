import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { endpointUrl, ONBOARDING_AGREEMENTS, API, type OnboardingAgreement } from '@casebridge/contracts';
import type { Community, UploadKind } from '@casebridge/db';
import type { ServerConfig, FileStorage } from '@casebridge/server-core';
import { basename } from 'node:path';
import { openStoredFile, type StoredFileDownload } from '../platform/common/stored-files';
import { SERVER_CONFIG } from '../platform/config/config.module';
import { OnboardingSessionsService } from './onboarding-sessions.service';
import { FILE_STORAGE } from '../platform/storage/storage.module';

const AGREEMENT_LABELS: Record<OnboardingAgreement, string> = {
  code_of_conduct: 'code of conduct',
  database_license: 'database license',
  addendum: 'addendum',
};

function agreementPath(group: Community, kind: OnboardingAgreement): string | null {
  return {
    code_of_conduct: group.codeOfConductPath,
    database_license: group.currentLicensePath,
    addendum: group.addendumPath,
  }[kind];
}

/** The group's agreements and banner, public like the landing page of the group. */
@Injectable()
export class OnboardingFilesService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly sessions: OnboardingSessionsService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async addendum(vhost: string): Promise<{ url: string | null }> {
    const group = await this.sessions.group(vhost);
    if (!group.addendumPath) return { url: null };
    return { url: endpointUrl(API.onboarding.agreementFile, { vhost, kind: 'addendum' }) };
  }

  async agreement(vhost: string, kind: string): Promise<StoredFileDownload> {
    const group = await this.sessions.group(vhost);
    if (!isAgreement(kind)) throw new NotFoundException('There is no such agreement.');
    return this.download(agreementPath(group, kind), 'agreement', `This group has no ${AGREEMENT_LABELS[kind]}.`);
  }

  /** The banner, or the group's logo when it has no banner (the landing page links here for either). */
  async banner(vhost: string): Promise<StoredFileDownload> {
    const group = await this.sessions.group(vhost);
    return this.download(group.bannerPath ?? group.logoPath, 'image', 'This group has no banner.');
  }

  /** A stored file with the type its content proves among those of `kind` (an octet-stream otherwise). */
  private async download(stored: string | null, kind: UploadKind, missingMessage: string): Promise<StoredFileDownload> {
    const file = stored && (await openStoredFile(this.storage, stored, basename(stored), kind));
    if (!file) throw new NotFoundException(missingMessage);
    return file;
  }
}

function isAgreement(kind: string): kind is OnboardingAgreement {
  return (ONBOARDING_AGREEMENTS as readonly string[]).includes(kind);
}
