import { Injectable } from '@nestjs/common';
import { CompanyGroupRelation, ContactDocument, Department, User } from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import { groupOptions, toDepartmentRow } from '../company-admin/admin-company.mappers';
import { AdminScopeService } from '../company-admin/admin-scope.service';
import { CompanyInfoService } from '../company-admin/company-info.service';
import { CompanyLookupService } from './company-lookup.service';
import { toCompanyUserRow, toOption } from './super-admin-companies.mappers';

/** The panels of the back office's company detail and the choices other back-office forms need. */
@Injectable()
export class CompanyDetailsService {
  constructor(
    private readonly em: EntityManager,
    private readonly lookup: CompanyLookupService,
    private readonly scope: AdminScopeService,
    private readonly info: CompanyInfoService,
  ) {}

  /** Every relation, active or not (the Groups panel shows a dot for is_active). */
  async relations(companyId: number) {
    const company = await this.lookup.company(companyId);
    const relations = await this.em.find(
      CompanyGroupRelation,
      { company },
      { populate: ['community', 'department', 'document'], orderBy: { community: { name: 'asc' }, id: 'asc' } },
    );
    return {
      relations: relations.map((relation) => ({
        id: relation.id,
        community: { id: relation.community.id, name: relation.community.name, type: relation.community.type },
        department: relation.department ? toOption(relation.department) : null,
        document: relation.document ? toOption(relation.document) : null,
        is_active: relation.isActive ? (1 as const) : (0 as const),
        user_access_flag: relation.userAccessFlag,
        member_relationship: relation.memberRelationship,
      })),
    };
  }

  /** Signup manager choices, as the company admin's registration page offers them. */
  async managers(companyId: number) {
    return { managers: await this.info.signupManagers(await this.lookup.company(companyId)) };
  }

  /** Approved users (pending and rejected registrations belong to the registration queue). */
  async users(companyId: number) {
    const company = await this.lookup.company(companyId);
    const users = await this.em.find(
      User,
      { company, approvalStatus: 'approved' },
      { populate: ['country'], orderBy: { lastName: 'asc', firstName: 'asc', id: 'asc' } },
    );
    return { users: users.map(toCompanyUserRow) };
  }

  async departments(companyId: number) {
    const company = await this.lookup.company(companyId);
    const departments = await this.info.departmentsOf(company, ['community', 'contactDocument']);
    return {
      departments: departments.map((department) => ({
        ...toDepartmentRow(department),
        community: department.community ? toOption(department.community) : null,
        contact_document: department.contactDocument ? toOption(department.contactDocument) : null,
      })),
    };
  }

  async allDepartments(companyId: number) {
    const company = await this.lookup.company(companyId);
    return { departments: await this.departmentOptions(company.id) };
  }

  /** Live (not deleted) documents with their current version's type and status, departments and groups. */
  async documents(companyId: number) {
    const company = await this.lookup.company(companyId);
    const documents = await this.em.find(
      ContactDocument,
      { company, deletedAt: null },
      {
        populate: ['currentVersion', 'departments', 'groupRelations.community'],
        orderBy: { name: 'asc', id: 'asc' },
      },
    );
    return {
      documents: documents.map((document) => ({
        id: document.id,
        name: document.name,
        document_type: document.currentVersion?.documentType ?? null,
        status: document.currentVersion?.status ?? null,
        departments: document.departments.getItems().map((department) => department.name),
        groups: [...new Set(document.groupRelations.getItems().map((relation) => relation.community.name))],
      })),
    };
  }

  async allDocuments(companyId: number) {
    const company = await this.lookup.company(companyId);
    return { documents: await this.documentOptions(company.id) };
  }

  /** The default group access choices: groups of the active relations ("all" ones always included). */
  async groups(companyId: number) {
    const company = await this.lookup.company(companyId);
    return { groups: groupOptions(await this.scope.relations(company)) };
  }

  async docsAndDepts(companyId: number) {
    const company = await this.lookup.company(companyId);
    return {
      documents: await this.documentOptions(company.id),
      departments: await this.departmentOptions(company.id),
    };
  }

  private async documentOptions(companyId: number) {
    const documents = await this.em.find(
      ContactDocument,
      { company: companyId, deletedAt: null },
      { fields: ['id', 'name'], orderBy: { name: 'asc', id: 'asc' } },
    );
    return documents.map(toOption);
  }

  private async departmentOptions(companyId: number) {
    const departments = await this.em.find(
      Department,
      { company: companyId },
      { fields: ['id', 'name'], orderBy: { name: 'asc', id: 'asc' } },
    );
    return departments.map(toOption);
  }
}
