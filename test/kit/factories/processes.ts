import type { DocumentType, RequirementSection } from '@casebridge/contracts';
import {
  Community,
  Company,
  ContactDocument,
  Department,
  DocumentGroup,
  DocumentManager,
  DocumentTag,
  DocumentVersion,
  Requirement,
  User,
  VersionRequirement,
} from '@casebridge/db';
import type { RequiredEntityData } from '@mikro-orm/core';
import { domainOf } from './accounts';
import { emOf, settle, uniqueName, type FactoryTarget } from './world';

/** A field of the process's form: a requirement of the product's catalogue, by its code label. */
export interface ProcessField {
  codeLabel: string;
  section: RequirementSection;
  required?: boolean;
  /** The choice group (a problem category's, e.g. hardware or software) that shows the field; none shows it always. */
  group?: string;
}

export interface ProcessSpec {
  /** The company that receives cases through the process. */
  company: Company;
  /** ticket (default), solution_support, json, default, parent or manager. */
  type?: DocumentType;
  name?: string;
  /** approved (default): members see only approved processes. */
  status?: DocumentVersion['status'];
  /** Where new cases are mailed (default: a unique address at the company's domain). */
  collaborateEmail?: string | null;
  collaborateCcEmail?: string | null;
  /** Departments the process serves (cases may be sent to them). */
  departments?: Department[];
  /** Offered only to these partner groups; none (default) offers it to every full member. */
  groups?: Community[];
  managers?: { main: User; alternate?: User };
  tags?: string[];
  fields?: ProcessField[];
  version?: Partial<RequiredEntityData<DocumentVersion>>;
}

/**
 * A process document ("contact document") of the company with one approved version: how partners submit cases to
 * it. Written as the back office's document editor stores one (document, current version, its parts).
 */
export async function aProcess(target: FactoryTarget, spec: ProcessSpec): Promise<ContactDocument> {
  const em = emOf(target);
  const name = spec.name ?? `Process ${uniqueName('process')}`;
  const company = em.getReference(Company, spec.company.id);
  const document = em.create(ContactDocument, { company, name });
  const version = em.create(DocumentVersion, {
    document,
    versionNumber: 1,
    status: spec.status ?? 'approved',
    documentType: spec.type ?? 'ticket',
    title: name,
    collaborateEmail:
      spec.collaborateEmail === undefined ? `${uniqueName('intake')}@${domainOf(spec.company)}` : spec.collaborateEmail,
    collaborateCcEmail: spec.collaborateCcEmail ?? null,
    ...spec.version,
  });
  document.currentVersion = version;
  for (const department of spec.departments ?? []) {
    const managed = em.getReference(Department, department.id);
    document.departments.add(managed);
  }
  for (const group of spec.groups ?? []) {
    em.create(DocumentGroup, { document, community: em.getReference(Community, group.id) });
  }
  if (spec.managers) {
    em.create(DocumentManager, { document, user: em.getReference(User, spec.managers.main.id), userType: 'main' });
    if (spec.managers.alternate) {
      const alternate = em.getReference(User, spec.managers.alternate.id);
      em.create(DocumentManager, { document, user: alternate, userType: 'alternate' });
    }
  }
  for (const tag of spec.tags ?? []) em.create(DocumentTag, { document, tag });
  await addFields(em, version, spec.fields ?? []);
  await em.flush();
  // A department answers to its own contact document (as the editor links them).
  if (spec.departments?.length) {
    await em.nativeUpdate(
      Department,
      { id: { $in: spec.departments.map((department) => department.id) } },
      { contactDocument: document.id },
    );
  }
  await settle(target);
  return document;
}

async function addFields(em: ReturnType<typeof emOf>, version: DocumentVersion, fields: ProcessField[]): Promise<void> {
  if (fields.length === 0) return;
  const catalogue = await em.find(Requirement, { codeLabel: { $in: fields.map((field) => field.codeLabel) } });
  fields.forEach((field, position) => {
    const requirement = catalogue.find((candidate) => candidate.codeLabel === field.codeLabel);
    if (!requirement) throw new Error(`aProcess: no requirement ${field.codeLabel} in the catalogue`);
    em.create(VersionRequirement, {
      version,
      requirement,
      section: field.section,
      required: field.required ?? false,
      group: field.group ?? null,
      position,
    });
  });
}
