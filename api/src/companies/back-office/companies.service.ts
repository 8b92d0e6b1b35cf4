import { ConflictException, Inject, Injectable } from '@nestjs/common';
import {
  COMPANY_DELETED,
  type CompanyDeleteSummary,
  type CompanyListRow,
  type CompanyStatus,
} from '@casebridge/contracts';
import {
  Case,
  Community,
  Company,
  ContactDocument,
  Department,
  DocumentFile,
  GroupDocument,
  ManagerRequest,
  OnboardingSession,
  User,
} from '@casebridge/db';
import { type ServerConfig, type FileStorage } from '@casebridge/server-core';
import { EntityManager } from '@mikro-orm/postgresql';
import { SessionTokenService } from '../../platform/authentication/session-token.service';
import { SERVER_CONFIG } from '../../platform/config/config.module';
import { RealtimePublisher } from '../../platform/realtime/realtime.publisher';
import { CompanyLookupService } from './company-lookup.service';
import { toOption, toSuperAdminCompany } from './super-admin-companies.mappers';
import { FILE_STORAGE } from '../../platform/storage/storage.module';

interface ListRecord {
  id: number;
  name: string;
  slug: string;
  membership_type: CompanyListRow['membership_type'];
  status: CompanyListRow['status'];
  groups: string[] | null;
  users: string | number;
}

/** The back office's companies: list, one company, enable/disable and delete. */
@Injectable()
export class CompaniesService {
  constructor(
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    private readonly em: EntityManager,
    private readonly lookup: CompanyLookupService,
    private readonly sessions: SessionTokenService,
    private readonly publisher: RealtimePublisher,
    @Inject(SERVER_CONFIG) private readonly config: ServerConfig,
  ) {}

  /** Groups are those of active relations; users are approved users (as the companies.xlsx export counts). */
  async list(): Promise<{ companies: CompanyListRow[] }> {
    const records = await this.em.execute<ListRecord[]>(
      `select c.id, c.name, c.slug, c.membership_type, c.status,
          array(select distinct g.name from company_group_relations r
            join communities g on g.id = r.community_id
            where r.company_id = c.id and r.is_active order by g.name) as groups,
          (select count(*) from users u where u.company_id = c.id and u.approval_status = 'approved') as users
        from companies c
        order by c.name, c.id`,
    );
    return {
      companies: records.map((record) => ({
        id: record.id,
        name: record.name,
        slug: record.slug,
        groups: record.groups ?? [],
        membership_type: record.membership_type,
        users: Number(record.users),
        status: record.status,
      })),
    };
  }

  async options() {
    const companies = await this.em.find(Company, {}, { orderBy: { name: 'asc', id: 'asc' }, fields: ['id', 'name'] });
    return { companies: companies.map(toOption) };
  }

  async get(id: number) {
    const company = await this.lookup.company(id);
    await this.em.populate(company, ['registrationCommunities']);
    return { company: toSuperAdminCompany(company) };
  }

  /** Disabling ends every session of the company's users (sign-in checks the company status too). */
  async setStatus(id: number, status: CompanyStatus) {
    const company = await this.lookup.company(id);
    company.status = status;
    await this.em.flush();
    if (status === 'inactive') await this.endSessions(company, 'company_disabled');
    await this.em.populate(company, ['registrationCommunities']);
    return {
      success: true,
      message: `Company ${status === 'active' ? 'enabled' : 'disabled'}.`,
      company: toSuperAdminCompany(company),
    };
  }

  /** What a delete would take with the company, for the confirmation the super admin's Delete asks. */
  async deleteSummary(id: number): Promise<CompanyDeleteSummary> {
    return this.summarize(await this.lookup.company(id));
  }

  /**
   * Deletes a company and what only it owns (users, departments, processes, relations, its group documents,
   * webhooks, favourites of it; the database cascades). Refused with 409 while other companies depend on it:
   * cases or manager requests (either side), groups it hosts, onboarding applications.
   */
  async delete(id: number) {
    const company = await this.lookup.company(id);
    const { blocked } = await this.summarize(company);
    if (blocked) throw new ConflictException(blocked);
    const files = await this.storedFilesOf(company);
    const userIds = (await this.em.find(User, { company }, { fields: ['id'] })).map((user) => user.id);
    await this.em.transactional(async (em) => {
      for (const userId of userIds) await this.sessions.revokeUserSessions(userId, 'company_deleted');
      await em.nativeDelete(Company, { id: company.id });
    });
    this.em.clear();
    for (const userId of userIds) this.publisher.endUser(userId, 'disabled');
    for (const stored of files) await this.storage.remove(stored).catch(() => undefined);
    return { success: true, message: COMPANY_DELETED };
  }

  /** The counts the confirmation shows, and the one rule of what blocks a delete (the 409's message). */
  private async summarize(company: Company): Promise<CompanyDeleteSummary> {
    const either = { $or: [{ submitterCompany: company }, { receiverCompany: company }] };
    const users = await this.em.count(User, { company });
    const departments = await this.em.count(Department, { company });
    // Live processes, as the Process Forms panel counts them (deleted ones go too, unseen).
    const processes = await this.em.count(ContactDocument, { company, deletedAt: null });
    const cases = await this.em.count(Case, either);
    const requests = await this.em.count(ManagerRequest, either);
    const hosted = await this.em.find(Community, { sponsorCompany: company }, { orderBy: { name: 'asc' } });
    const applications = await this.em.count(OnboardingSession, { company });
    const reasons: string[] = [];
    if (cases) reasons.push(`has ${cases} ${cases === 1 ? 'case' : 'cases'}`);
    if (requests) reasons.push(`has ${requests} manager ${requests === 1 ? 'request' : 'requests'}`);
    if (hosted.length) reasons.push(`hosts ${hosted.map((group) => group.name).join(', ')}`);
    if (applications) reasons.push('has onboarding applications');
    const blocked = reasons.length
      ? `${company.name} cannot be deleted: it ${reasons.join(', ')}. Disable the company instead.`
      : null;
    return { name: company.name, users, departments, processes, cases, blocked };
  }

  /** Files kept for the company, removed once its rows are gone. */
  private async storedFilesOf(company: Company): Promise<string[]> {
    const groupDocuments = await this.em.find(GroupDocument, { company, filePath: { $ne: null } });
    const documentFiles = await this.em.find(DocumentFile, { document: { company }, filePath: { $ne: null } });
    return [
      company.logoPath,
      company.ssoIdentityFilePath,
      ...groupDocuments.map((doc) => doc.filePath),
      ...documentFiles.map((file) => file.filePath),
    ].filter((path): path is string => path !== null);
  }

  private async endSessions(company: Company, reason: string): Promise<void> {
    const users = await this.em.find(User, { company }, { fields: ['id'] });
    for (const user of users) {
      await this.sessions.revokeUserSessions(user.id, reason);
      // Open pages learn why, then the sockets close (as for a disabled user).
      this.publisher.endUser(user.id, 'disabled');
    }
  }
}
