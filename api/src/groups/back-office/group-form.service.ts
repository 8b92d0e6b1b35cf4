import { Inject, Injectable } from '@nestjs/common';
import {
  GROUP_ADDENDUM_FIELD,
  GROUP_BANNER_FIELD,
  GROUP_SAVED,
  MESSAGES,
  parseGroupLinks,
  VHOST_TAKEN,
  type GroupFormBody,
} from '@casebridge/contracts';
import { Community, Company, CompanyGroupRelation, ContactDocument, Department } from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import type { z } from 'zod';
import { collectFieldErrors, ValidationException } from '../../platform/common/errors';
import { sanitizeRichText } from '../../platform/common/rich-text';
import { PlacedFiles, removeStaged, removeStoredFiles, type StagedFile } from '../../platform/common/staged-files';
import { flushUnique } from '../../platform/common/unique-flush';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import {
  addendumStoragePath,
  assertAddendumPdf,
  bannerExtension,
  bannerStoragePath,
  type GroupFormFiles,
} from './group-form-files';
import { GroupsService } from './groups.service';
import { toSuperAdminGroup } from './super-admin-groups.mappers';
import { FILE_STORAGE } from '../../platform/storage/storage.module';

type FormBody = z.output<typeof GroupFormBody>;

interface Checked {
  sponsor: Company | null;
  department: Department | null;
  document: ContactDocument | null;
  bannerType: string | null;
}

/** The back office's group form: create (id 0) or update a group with its addendum PDF and banner. */
@Injectable()
export class GroupFormService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly groups: GroupsService,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  async save(id: number, body: FormBody, files: GroupFormFiles | undefined) {
    const addendum = files?.[GROUP_ADDENDUM_FIELD]?.[0];
    const banner = files?.[GROUP_BANNER_FIELD]?.[0];
    const staged = [addendum, banner].filter((file): file is StagedFile => file !== undefined);
    const placed = new PlacedFiles(this.storage);
    try {
      const existing = id === 0 ? null : await this.groups.group(id);
      const checked = await this.validate(existing, body, addendum, banner);

      const group = existing ?? this.em.create(Community, { name: body.name });
      const replaced = [addendum ? group.addendumPath : null, banner ? group.bannerPath : null];
      this.apply(group, body, checked);
      if (addendum) {
        group.addendumPath = await placed.place(addendum, addendumStoragePath());
        group.addendumName = body.addendum_name ?? addendum.originalname.replace(/\.pdf$/i, '').slice(0, 255);
      }
      if (banner && checked.bannerType) {
        group.bannerPath = await placed.place(banner, bannerStoragePath(checked.bannerType));
      }
      await this.addHostAsPartner(group, existing === null, checked);
      await flushUnique(this.em, { field: 'vhost', message: VHOST_TAKEN, clearOnConflict: existing === null });
      await removeStoredFiles(this.storage, replaced);
      await this.em.populate(group, ['sponsorCompany', 'department', 'document']);
      return {
        success: true,
        message: GROUP_SAVED,
        id: group.id,
        community: toSuperAdminGroup(group, this.config.PUBLIC_URL),
      };
    } catch (error) {
      await removeStaged(staged);
      await placed.removeAll();
      throw error;
    }
  }

  /** Every field problem in one 422: the host, its department and process belong together; vhost unique. */
  private async validate(
    existing: Community | null,
    body: FormBody,
    addendum: StagedFile | undefined,
    banner: StagedFile | undefined,
  ): Promise<Checked> {
    const errors: Record<string, string[]> = {};
    const checked: Checked = { sponsor: null, department: null, document: null, bannerType: null };
    if (body.sponsor_company_id) {
      checked.sponsor = await this.em.findOne(Company, { id: body.sponsor_company_id });
      if (!checked.sponsor) errors.sponsor_company_id = ['The selected host company is invalid.'];
    }
    if (body.department_id) {
      if (!body.sponsor_company_id) errors.department_id = [MESSAGES.choosePartnerFirst];
      else if (checked.sponsor) {
        checked.department = await this.em.findOne(Department, {
          id: body.department_id,
          company: checked.sponsor,
        });
        if (!checked.department) errors.department_id = ['The department must be a department of the host company.'];
      }
    }
    if (body.document_id) {
      if (!body.sponsor_company_id) errors.document_id = [MESSAGES.choosePartnerFirst];
      else if (checked.sponsor) {
        checked.document = await this.em.findOne(ContactDocument, {
          id: body.document_id,
          company: checked.sponsor,
          deletedAt: null,
        });
        if (!checked.document) errors.document_id = ['The process must be a process of the host company.'];
      }
    }
    if (body.vhost) {
      const taken = await this.em.count(Community, {
        vhost: body.vhost,
        ...(existing ? { id: { $ne: existing.id } } : {}),
      });
      if (taken) errors.vhost = [VHOST_TAKEN];
    }
    if (addendum) await assertAddendumPdf(addendum).catch((error: unknown) => collectFieldErrors(error, errors));
    if (banner) {
      checked.bannerType = await bannerExtension(banner).catch((error: unknown) => collectFieldErrors(error, errors));
    }
    if (Object.keys(errors).length) throw new ValidationException(errors);
    return checked;
  }

  private apply(group: Community, body: FormBody, checked: Checked): void {
    Object.assign(group, {
      name: body.name,
      description: body.description,
      type: body.type,
      status: body.status,
      sponsorCompany: checked.sponsor,
      department: checked.department,
      document: checked.document,
      vhost: body.vhost,
      hostEmail: body.host_email,
      price: body.price,
      priceThreeYears: body.price_three_years,
      instructions: sanitizeRichText(body.instructions),
      links: parseGroupLinks(body.links).links,
      forceAddendum: body.force_addendum === 1,
      addendumName: body.addendum_name,
      registrationStatusUrl: body.registration_status_url,
      customSla: body.custom_sla === 1,
      p1Message: body.p1_message,
      p2Message: body.p2_message,
      p3Message: body.p3_message,
      p1ResponseTime: body.p1_response_time,
      p2ResponseTime: body.p2_response_time,
      p3ResponseTime: body.p3_response_time,
      msteamsIntegration: body.msteams_integration === 1,
      msteamsManagerEmail: body.msteams_manager_email,
      msteamsTeamUrl: body.msteams_team_url,
    });
  }

  /**
   * The host is a member of its own group (its process is how partners reach it): a host without a relation to
   * the group gets one with the group's department and process, saved in the same flush as the group.
   */
  private async addHostAsPartner(group: Community, creating: boolean, checked: Checked): Promise<void> {
    if (!checked.sponsor) return;
    if (!creating && (await this.em.count(CompanyGroupRelation, { community: group, company: checked.sponsor }))) {
      return;
    }
    this.em.create(CompanyGroupRelation, {
      community: group,
      company: checked.sponsor,
      department: checked.department,
      document: checked.document,
    });
  }
}
