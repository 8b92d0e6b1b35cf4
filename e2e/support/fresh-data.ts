import { expect } from '@playwright/test';
import type { ContactDocumentShape, DocumentsResponse, PublicCaseResponse } from '../../libs/contracts/src';
import { SHARED_SESSIONS } from './shared-sessions';
import type { DemoApi } from './demo-api';

/** What a journey made through the api, and how to take it away again after the test. */
type CleanUp = () => Promise<void>;

export interface FreshUser {
  id: number;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
}

export interface FreshUserOptions {
  /** The company admin who makes the user; the user belongs to the admin's company. */
  admin?: string;
  first_name?: string;
  last_name?: string;
  /** The address; a unique one at the admin's domain when left out. */
  email?: string;
  role?: 'caller' | 'api' | 'program_manager' | 'business_manager';
  password?: string;
}

export interface FreshRegistration {
  email: string;
  first_name: string;
  last_name: string;
}

export interface FreshCase {
  id: number;
  token: string;
  number: string;
  summary: string;
}

export interface FreshGroup {
  id: number;
  name: string;
}

export interface FreshCaseOptions {
  /** The Acme user who submits it (and so finds it under My Cases). */
  submitter?: string;
  /** Where Globex's answer leaves it: open (no answer), information (more asked) or accepted. */
  status?: 'open' | 'information' | 'accepted';
}

const FRESH_PASSWORD = 'Fr3sh!Start';

let counter = 0;
/** Unique within the run and across runs on one database (the stack keeps its database between spec files). */
export function uniqueStamp(): string {
  counter += 1;
  return `${Date.now().toString(36)}${counter}`;
}

/** Valid answers to every custom field of the demo's "Globex Storage Collaboration" process, by code label. */
function globexCollaborationAnswers(country: string): Record<string, string> {
  return {
    end_customer: 'Contoso Pharma',
    site_id: '4711',
    customer_phone: '+1 555 0100',
    customer_email: 'ops@contoso.test',
    customer_timezone: 'America/Denver',
    site_country: country,
    product: 'SA9000 Array',
    component: 'Software : Replication',
    problem_category: 'Software defect',
    replication_target: 'DR-ARRAY-02',
    software_build: '9.2.1',
    log_bundle_url: 'https://files.globex.test/bundle.tgz',
    error_output: 'ERR_REPL_TIMEOUT',
    contact_method: 'Email',
  };
}

/**
 * Data a journey needs, made through the real api the way the product makes it, and removed after the test with
 * the product's own delete: company users are deleted by their company's admin, cases are deleted by the super
 * admin (the escalation queue's delete, a soft delete: the case leaves every list and page). Each thing is new and
 * uniquely named, so no journey depends on, or changes, a demo row another journey reads.
 */
export class FreshData {
  private readonly cleanUps: CleanUp[] = [];

  constructor(private readonly demo: DemoApi) {}

  /** A new active user of the admin's company, with a password, deleted after the test. */
  async companyUser(options: FreshUserOptions = {}): Promise<FreshUser> {
    const admin = options.admin ?? SHARED_SESSIONS.companyAdmin;
    const password = options.password ?? FRESH_PASSWORD;
    const user = {
      first_name: options.first_name ?? 'Fresh',
      last_name: options.last_name ?? 'User',
      email: options.email ?? `e2e.${uniqueStamp()}@${admin.split('@')[1]}`,
      role: options.role ?? 'caller',
      password,
    };
    const { user: created } = await this.demo.post<{ user: { id: number } }>(admin, 'admin/company/users/0', {
      ...user,
      type: 'basic',
      password_confirmation: password,
      group_access: [],
    });
    this.cleanUps.push(() => this.deleteCompanyUser(admin, created.id));
    return { id: created.id, email: user.email, password, first_name: user.first_name, last_name: user.last_name };
  }

  /**
   * A registration on a company's landing page (`caller/register/{slug}`), waiting in the registration queue of a
   * company that approves its registrations. Once approved it is a company user, deleted after the test by `admin`;
   * a registration still pending or rejected has no delete in the product and stays, under its unique name.
   */
  async registration(slug = 'acme', admin: string = SHARED_SESSIONS.companyAdmin): Promise<FreshRegistration> {
    const stamp = uniqueStamp();
    const person = { first_name: 'Reggie', last_name: `Registrant${stamp}`, email: `e2e.reg.${stamp}@${slug}.test` };
    const answer = await this.demo.post<{ approval: boolean }>(null, `caller/register/${slug}`, {
      ...person,
      phone: '555 0199',
      phone_country_code: 'US',
      city: 'Austin',
      password: FRESH_PASSWORD,
      password_confirmation: FRESH_PASSWORD,
      agree_confirm: true,
    });
    expect(answer.approval, `registrations at ${slug} wait for approval`).toBe(true);
    this.cleanUps.push(async () => {
      const { users } = await this.demo.get<{ users: { id: number; email: string }[] }>(
        admin,
        `admin/company/users?q=${encodeURIComponent(person.email)}`,
      );
      for (const user of users.filter((row) => row.email === person.email))
        await this.deleteCompanyUser(admin, user.id);
    });
    return person;
  }

  /**
   * A new case from Acme to Globex's ticket process "Globex Storage Collaboration", submitted through the api with
   * every field answered, then answered by Globex from its token page until it has `status`. Deleted after the test.
   */
  async acmeCaseToGlobex(options: FreshCaseOptions = {}): Promise<FreshCase> {
    const submitter = options.submitter ?? SHARED_SESSIONS.companyAdmin;
    const stamp = uniqueStamp().toUpperCase();
    const number = `ACME-E2E-${stamp}`;
    const summary = `Replication stalls ${stamp}`;
    const process = await this.globexTicketProcess(submitter);
    const country = await this.countryId(submitter, 'Canada');
    const custom: Record<string, string> = {};
    for (const [codeLabel, value] of Object.entries(globexCollaborationAnswers(country))) {
      const field = [...process.common_customer_section, ...process.problem_section, ...process.contact_section].find(
        (candidate) => candidate.requirement.code_label === codeLabel,
      );
      if (field) custom[`custom_${field.requirement_id}`] = value;
    }
    const { case: submitted } = await this.demo.post<{ case: { token: string } }>(
      submitter,
      `caller/collaborate/${process.id}`,
      {
        first_name: 'Erin',
        last_name: 'Engineer',
        email: submitter,
        phone_number: 'CA: 4165550103',
        phone_country_code: 'CA',
        internal_case_number: number,
        problem_summary: summary,
        problem_description: 'Since the 9.2 upgrade the replication job stops at 80%.',
        case_priority: 'high',
        collaborate_type: 'company',
        collaborate_entity: process.company_id,
        ...custom,
      },
    );
    const { token } = submitted;
    const { case: stored } = await this.demo.getPublic<PublicCaseResponse>(`caller/case/${token}`);
    this.cleanUps.push(() => this.deleteCase(stored.id));

    if (options.status === 'information') {
      await this.demo.post(null, `caller/case/${token}/respond`, {
        status: 'information',
        next_steps: 'Please attach the controller logs of both arrays.',
      });
    } else if (options.status === 'accepted') {
      await this.demo.post(null, `caller/case/${token}/respond`, {
        status: 'accepted',
        case_number: `GLX-${stamp}`,
        engineer_name: 'Gina Globex',
        engineer_email: 'gina@globex.test',
        reviewer_name: 'Bob Manager',
        reviewer_email: 'bm@globex.test',
        next_steps: 'Our assigned engineer will contact you.',
      });
    }
    return { id: stored.id, token, number, summary };
  }

  /**
   * A new open group with Microsoft Teams integration switched on and not connected yet, deleted after the test: a
   * journey that connects a team changes this group, not the demo's Storage Alliance other journeys read.
   */
  async teamsGroup(): Promise<FreshGroup> {
    const name = `E2E Teams ${uniqueStamp()}`;
    const { id } = await this.demo.post<{ id: number }>(SHARED_SESSIONS.superAdmin, 'super_admin/groups/0', {
      name,
      type: 'open_group',
      status: 'active',
      msteams_integration: 1,
      msteams_manager_email: 'bm@globex.test',
    });
    this.cleanUps.push(() => this.demo.getAllowingGone(SHARED_SESSIONS.superAdmin, `super_admin/groups/${id}/delete`));
    return { id, name };
  }

  /**
   * A demo row the journey itself must change (there is one per company, like the company note) is put back after
   * the test by `restore`, even when the test fails half-way.
   */
  putBackAfter(restore: () => Promise<void>): void {
    this.cleanUps.push(restore);
  }

  /** Runs the clean-ups, newest first; every one runs even if one fails, and the first failure is reported. */
  async cleanUp(): Promise<void> {
    const failures: unknown[] = [];
    for (const cleanUp of this.cleanUps.reverse()) {
      await cleanUp().catch((error: unknown) => failures.push(error));
    }
    this.cleanUps.length = 0;
    if (failures.length) throw failures[0];
  }

  private async globexTicketProcess(submitter: string): Promise<ContactDocumentShape> {
    const directory = await this.demo.get<{ company_id: number; company_name: string }[]>(
      submitter,
      'caller/company_directory',
    );
    const globex = directory.find((entry) => entry.company_name === 'Globex Storage');
    expect(globex, 'Globex Storage in the company directory').toBeDefined();
    const { documents } = await this.demo.get<DocumentsResponse>(
      submitter,
      `caller/documents/company/${globex!.company_id}`,
    );
    const process = documents.find((doc) => doc.name === 'Globex Storage Collaboration');
    expect(process, "Globex's ticket process (demo seed)").toBeDefined();
    return process!;
  }

  private async countryId(email: string, name: string): Promise<string> {
    const countries = await this.demo.post<Record<string, string>>(email, 'caller/db_select_options', {
      model: 'country',
    });
    const found = Object.entries(countries).find(([, label]) => label === name);
    expect(found, `country ${name}`).toBeDefined();
    return found![0];
  }

  /** Deleted by its company's admin; already gone (the journey deleted it) is fine. */
  private async deleteCompanyUser(admin: string, id: number): Promise<void> {
    await this.demo.getAllowingGone(admin, `admin/company/users/${id}/delete`);
  }

  /** The back office's delete of a case (soft); already deleted by the journey is fine. */
  private async deleteCase(id: number): Promise<void> {
    await this.demo.getAllowingGone(SHARED_SESSIONS.superAdmin, `super_admin/escalation/${id}/delete`);
  }
}
