import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  SSO_IDENTITY_FILE_FIELD,
  SSO_SETTINGS_SAVED,
  type SsoSettings,
  type SsoSettingsBody,
} from '@casebridge/contracts';
import { extensionOf, type Company } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import { basename } from 'node:path';
import type { z } from 'zod';
import type { Actor } from '../../platform/access/actor';
import { AdminScopeService } from '../company-admin/admin-scope.service';
import { ValidationException } from '../../platform/common/errors';
import { sanitizeRichText } from '../../platform/common/rich-text';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { parseIdpMetadata, type IdpMetadata } from './idp-metadata';
import { spUrls } from './sp-urls';
import { FILE_STORAGE } from '../../platform/storage/storage.module';

type Body = z.output<typeof SsoSettingsBody>;

/** The uploaded identity provider metadata, as multer keeps it in memory. */
export interface IdentityFile {
  originalname: string;
  buffer: Buffer;
  size: number;
}

const NOT_METADATA = 'The identity file must be SAML identity provider metadata with a signing certificate.';
const FILE_REQUIRED = 'The identity file field is required when the identity source is file.';
const NOT_XML = 'The identity file must be an XML file.';
const ENTITY_UNREADABLE =
  'The identity provider metadata could not be read from the entity url (it must answer SAML metadata with a signing certificate).';
const FEDERATION_REQUIRED = 'The federation url field is required.';
const METADATA_TIMEOUT_MS = 5000;

/** The company admin's single sign-on settings. */
@Injectable()
export class SsoSettingsService {
  private readonly logger = new Logger(SsoSettingsService.name);

  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly scope: AdminScopeService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async settings(actor: Actor): Promise<{ company: SsoSettings }> {
    const company = await this.scope.company(actor);
    return { company: this.toSettings(company) };
  }

  /**
   * Everything is checked before anything is written: a refused save leaves the settings, the certificate and the
   * stored file as they were.
   */
  async save(actor: Actor, body: Body, file: IdentityFile | undefined) {
    const company = await this.scope.company(actor);
    const metadata =
      body.sso_identity_source === 'file'
        ? await this.metadataFromFile(company, file)
        : await this.metadataFromUrl(body.sso_idp_entity_url!);

    // Addresses typed by the admin win; the metadata fills what was left empty.
    const entityUrl = body.sso_idp_entity_url ?? metadata.entityId;
    const federationUrl = body.sso_idp_federation_url ?? metadata.ssoUrl;
    const logoutUrl = body.sso_idp_logout_url ?? metadata.sloUrl;
    if (!federationUrl) throw ValidationException.forField('sso_idp_federation_url', FEDERATION_REQUIRED);

    const previousFile = company.ssoIdentityFilePath;
    const newFile = file && body.sso_identity_source === 'file' ? await this.storeFile(company, file) : null;
    company.ssoIdentitySource = body.sso_identity_source;
    company.ssoIdpEntityUrl = entityUrl ? entityUrl.slice(0, 500) : null;
    company.ssoIdpFederationUrl = federationUrl.slice(0, 500);
    company.ssoIdpLogoutUrl = logoutUrl ? logoutUrl.slice(0, 500) : null;
    company.ssoLoginSection = sanitizeRichText(body.sso_login_section);
    company.ssoRegistrationSection = sanitizeRichText(body.sso_registration_section);
    company.ssoIdpCertificate = metadata.signingCertificates.join('');
    if (newFile) company.ssoIdentityFilePath = newFile;
    try {
      await this.em.flush();
    } catch (error) {
      if (newFile) await this.removeStored(newFile);
      throw error;
    }
    if (newFile && previousFile && previousFile !== newFile) await this.removeStored(previousFile);
    return { success: true, message: SSO_SETTINGS_SAVED, company: this.toSettings(company) };
  }

  private async metadataFromFile(company: Company, file: IdentityFile | undefined): Promise<IdpMetadata> {
    if (file) {
      // The one upload that is XML by design: checked as metadata here and never served back to a browser.
      if (extensionOf(file.originalname) !== '.xml')
        throw ValidationException.forField(SSO_IDENTITY_FILE_FIELD, NOT_XML);
      const metadata = parseIdpMetadata(file.buffer.toString('utf8'));
      if (!metadata) throw ValidationException.forField(SSO_IDENTITY_FILE_FIELD, NOT_METADATA);
      return metadata;
    }
    // No new upload: the stored file stays the source of the certificate.
    const stored = company.ssoIdentityFilePath ? await this.storage.read(company.ssoIdentityFilePath) : null;
    const xml = stored ? stored.toString('utf8') : null;
    if (xml === null) throw ValidationException.forField(SSO_IDENTITY_FILE_FIELD, FILE_REQUIRED);
    const metadata = parseIdpMetadata(xml);
    if (!metadata) throw ValidationException.forField(SSO_IDENTITY_FILE_FIELD, NOT_METADATA);
    return metadata;
  }

  /**
   * Source url: the entity URL must answer the identity provider's metadata, read once at save time so that
   * sign-ins never depend on the identity provider being reachable from here (see docs/decisions.md).
   */
  private async metadataFromUrl(url: string): Promise<IdpMetadata> {
    let xml: string | null = null;
    try {
      const response = await fetch(url, {
        signal: AbortSignal.timeout(METADATA_TIMEOUT_MS),
        headers: { Accept: 'application/samlmetadata+xml, application/xml, text/xml' },
      });
      const length = Number(response.headers.get('content-length') ?? 0);
      if (response.ok && length <= this.config.UPLOAD_LIMIT_BYTES) {
        const text = await response.text();
        xml = text.length <= this.config.UPLOAD_LIMIT_BYTES ? text : null;
      }
    } catch (error) {
      this.logger.warn(`IdP metadata at ${url} unreachable: ${error instanceof Error ? error.message : String(error)}`);
    }
    const metadata = xml === null ? null : parseIdpMetadata(xml);
    if (!metadata) throw ValidationException.forField('sso_idp_entity_url', ENTITY_UNREADABLE);
    return metadata;
  }

  /** Stores the upload under sso/ and returns its key. */
  private async storeFile(company: Company, file: IdentityFile): Promise<string> {
    const key = `sso/${company.slug}-${randomBytes(8).toString('hex')}.xml`;
    await this.storage.write(key, file.buffer, 'application/xml');
    return key;
  }

  private async removeStored(key: string): Promise<void> {
    await this.storage.remove(key).catch(() => undefined);
  }

  private toSettings(company: Company): SsoSettings {
    return {
      slug: company.slug,
      sso_identity_source: company.ssoIdentitySource ?? 'url',
      sso_idp_entity_url: company.ssoIdpEntityUrl,
      sso_idp_federation_url: company.ssoIdpFederationUrl,
      sso_idp_logout_url: company.ssoIdpLogoutUrl,
      sso_login_section: company.ssoLoginSection,
      sso_registration_section: company.ssoRegistrationSection,
      sso_identity_file: company.ssoIdentityFilePath ? basename(company.ssoIdentityFilePath) : null,
      has_certificate: Boolean(company.ssoIdpCertificate),
      metadata_url: spUrls(this.config, company.slug).entityId,
    };
  }
}
