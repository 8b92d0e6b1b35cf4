import type { DirectoryEntry } from '@casebridge/contracts';
import { companyLogoUrl } from '../accounts';
import type { NetworkDirectoryRecord } from './directory.sql';
import { maySubmit, type DocumentAccessFacts, type ViewerAccess } from './partner-access';

type DocumentRecord = NetworkDirectoryRecord['documents'][number];

export interface DirectoryEntryWithDocuments {
  entry: DirectoryEntry;
  /** The entry's documents the viewer may submit to, in the directory's order. */
  openDocuments: { id: number; name: string }[];
}

/**
 * The directory as one viewer sees it, from the network (the same for everyone) and the viewer's access: every
 * company but the viewer's own and each of its departments. Tags are those of the entry's approved documents;
 * has_access tells whether one of them is open to the viewer. A company entry covers all the company's documents, a
 * department entry its contact document and the documents linked to it.
 */
export function directoryEntries(
  network: NetworkDirectoryRecord,
  ownId: number,
  access: ViewerAccess | null,
): DirectoryEntryWithDocuments[] {
  const companies = network.companies.filter((company) => company.id !== ownId);
  const departments = network.departments.filter((department) => department.company_id !== ownId);
  const documents = network.documents.filter((doc) => doc.company_id !== ownId);
  const byCompany = new Map<number, DocumentRecord[]>();
  const byDepartment = new Map<number, DocumentRecord[]>();
  const documentsById = new Map(documents.map((doc) => [doc.id, doc]));
  const add = <T>(map: Map<number, T[]>, key: number, item: T) => {
    const list = map.get(key) ?? [];
    if (!list.includes(item)) list.push(item);
    map.set(key, list);
  };
  for (const doc of documents) {
    add(byCompany, doc.company_id, doc);
    for (const departmentId of doc.departments) add(byDepartment, departmentId, doc);
  }
  for (const department of departments) {
    const contact = department.contact_document_id ? documentsById.get(department.contact_document_id) : undefined;
    if (contact) add(byDepartment, department.id, contact);
  }

  const facts = (docs: DocumentRecord[] = []) => {
    const open = docs.filter((doc) => maySubmit(factsOf(doc), access));
    return {
      has_access: open.length > 0,
      tags: [...new Set(docs.flatMap((doc) => doc.tags))].sort((a, b) => a.localeCompare(b)).map((tag) => ({ tag })),
      openDocuments: open.map((doc) => ({ id: doc.id, name: doc.name })),
    };
  };

  const departmentsOf = new Map<number, NetworkDirectoryRecord['departments']>();
  for (const department of departments) add(departmentsOf, department.company_id, department);
  const entries: DirectoryEntryWithDocuments[] = [];
  for (const company of companies) {
    const logo = companyLogoUrl({ logoPath: company.logo_path, slug: company.slug });
    const { openDocuments, ...companyFacts } = facts(byCompany.get(company.id));
    entries.push({
      entry: {
        type: 'company',
        company_id: company.id,
        company_name: company.name,
        department_id: null,
        department_name: null,
        logo,
        ...companyFacts,
      },
      openDocuments,
    });
    for (const department of departmentsOf.get(company.id) ?? []) {
      const { openDocuments: departmentDocuments, ...departmentFacts } = facts(byDepartment.get(department.id));
      entries.push({
        entry: {
          type: 'department',
          company_id: company.id,
          company_name: company.name,
          department_id: department.id,
          department_name: department.name,
          logo,
          ...departmentFacts,
        },
        openDocuments: departmentDocuments,
      });
    }
  }
  return entries;
}

/** The directory reads approved, live documents of active companies only. */
function factsOf(doc: DocumentRecord): DocumentAccessFacts {
  return {
    companyId: doc.company_id,
    companyActive: true,
    approved: true,
    deleted: false,
    groups: doc.groups.map((group) => ({
      id: group.id,
      active: group.active,
      sponsorCompanyId: group.sponsor_company_id,
    })),
  };
}
