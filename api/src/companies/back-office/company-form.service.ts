import { Inject, Injectable } from '@nestjs/common';
import {
  COMPANY_LOGO_FIELD,
  COMPANY_SAVED,
  COMPANY_SSO_FILE_FIELD,
  isReservedSlug,
  SLUG_TAKEN,
  type CompanyFormBody,
} from '@casebridge/contracts';
import { Company } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import type { BodyCheck } from '../../platform/common/body-check';
import { collectFieldErrors } from '../../platform/common/errors';
import { sanitizeRichText } from '../../platform/common/rich-text';
import { PlacedFiles, removeStaged, removeStoredFiles, type StagedFile } from '../../platform/common/staged-files';
import { flushUnique } from '../../platform/common/unique-flush';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import {
  assertSsoFile,
  logoExtension,
  logoStoragePath,
  ssoStoragePath,
  stagedFiles,
  type CompanyFormFiles,
} from './company-files';
import { CompanyLookupService } from './company-lookup.service';
import { toSuperAdminCompany } from './super-admin-companies.mappers';
import { FILE_STORAGE } from '../../platform/storage/storage.module';

type FormBody = z.output<typeof CompanyFormBody>;

/** The back office's company form: create (id 0) or update a company with its logo and SSO identity file. */
@Injectable()
export class CompanyFormService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly lookup: CompanyLookupService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async save(id: number, form: BodyCheck<FormBody>, files: CompanyFormFiles | undefined) {
    const staged = stagedFiles(files);
    const placed = new PlacedFiles(this.storage);
    try {
      const existing = id === 0 ? null : await this.lookup.company(id);
      const logo = files?.[COMPANY_LOGO_FIELD]?.[0];
      const ssoFile = files?.[COMPANY_SSO_FILE_FIELD]?.[0];
      const logoType = await this.check(existing, form, logo, ssoFile);
      const body = form.valid();

      const company = existing ?? this.em.create(Company, { name: body.name, slug: body.slug });
      const replaced = [logo ? company.logoPath : null, ssoFile ? company.ssoIdentityFilePath : null];
      this.apply(company, body);
      if (logo && logoType) {
        company.logoPath = await placed.place(logo, logoStoragePath(logoType));
      }
      if (ssoFile) {
        company.ssoIdentityFilePath = await placed.place(ssoFile, ssoStoragePath());
        // The SSO flow reads the certificate from the file again when it is missing.
        company.ssoIdpCertificate = null;
      }
      await flushUnique(this.em, { field: 'slug', message: SLUG_TAKEN, clearOnConflict: existing === null });
      await removeStoredFiles(this.storage, replaced);
      await this.em.populate(company, ['registrationCommunities', 'signupManager', 'altSignupManager']);
      return { success: true, message: COMPANY_SAVED, id: company.id, company: toSuperAdminCompany(company) };
    } catch (error) {
      await removeStaged(staged);
      await placed.removeAll();
      throw error;
    }
  }

  /** Adds the slug and file checks to the form's schema errors (one 422 for every field); answers the logo extension. */
  private async check(
    existing: Company | null,
    form: BodyCheck<FormBody>,
    logo: StagedFile | undefined,
    ssoFile: StagedFile | undefined,
  ): Promise<string | null> {
    const errors: Record<string, string[]> = {};
    const slug = form.field('slug');
    if (slug !== undefined) {
      if (isReservedSlug(slug)) errors.slug = ['The slug is reserved for a page of the portal.'];
      else if (await this.em.count(Company, { slug, ...(existing ? { id: { $ne: existing.id } } : {}) })) {
        errors.slug = [SLUG_TAKEN];
      }
    }
    let logoType: string | null = null;
    if (logo) {
      logoType = await logoExtension(logo).catch((error: unknown) => collectFieldErrors(error, errors));
    }
    if (ssoFile) await assertSsoFile(ssoFile).catch((error: unknown) => collectFieldErrors(error, errors));
    form.add(errors);
    return logoType;
  }

  private apply(company: Company, body: FormBody): void {
    Object.assign(company, {
      name: body.name,
      slug: body.slug,
      url: body.url,
      membershipType: body.membership_type,
      loginMethod: body.login_method,
      domain: body.domain,
      additionalDomains: body.additional_domains,
      // The form sends the bcc addresses only when filled in, so an absent one clears the address.
      communicationsEmail: body.communications_email,
      bccResponseEmail: body.bcc_response_email,
      showInPublicWeb: body.show_in_public_web === 1,
      loginPageText: sanitizeRichText(body.login_page_text),
      regionText: sanitizeRichText(body.region_text),
      publicWebText: sanitizeRichText(body.public_web_text),
      // allow_notes is always on, whatever the form sends.
      allowNotes: true,
      ssoIdentitySource: body.sso_identity_source,
      ssoIdpEntityUrl: body.sso_idp_entity_url,
      ssoIdpFederationUrl: body.sso_idp_federation_url,
      ssoIdpLogoutUrl: body.sso_idp_logout_url,
      ssoLoginSection: sanitizeRichText(body.sso_login_section),
      ssoRegistrationSection: sanitizeRichText(body.sso_registration_section),
    });
  }
}
