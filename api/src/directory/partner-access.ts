import type { MemberRelationship } from '@casebridge/contracts';

/**
 * Who may submit to which process document: the one rule behind the directory's has_access, the documents a
 * member sees on submit-case, sub-processes, notes, collaborate and manager requests.
 *
 * A document is open to a viewer's company when all hold:
 * - the document is not deleted, its current version is approved and its company is active;
 * - it is not the viewer's own company's (a company is never its own partner);
 * - it is offered to nobody in particular (no DocumentGroup) and the viewer's membership is not limited, or
 *   it is offered to a partner group the viewer's company is an active member of (for the viewer himself when the
 *   membership is limited to some users). In a group whose relationship is one_to_many ("Only Sponsor") the
 *   member reaches the sponsor's documents only.
 * A limited membership has no partner search: it reaches partners only through its groups.
 */

export interface ViewerAccess {
  companyId: number;
  limited: boolean;
  /** Active groups of the viewer's company that include the viewer, by community id. */
  groups: Map<number, { relationship: MemberRelationship }>;
}

export interface DocumentAccessFacts {
  companyId: number;
  companyActive: boolean;
  approved: boolean;
  deleted: boolean;
  /** The groups the document is offered to. */
  groups: { id: number; active: boolean; sponsorCompanyId: number | null }[];
}

export type AccessVerdict = 'open' | 'own' | 'unavailable' | 'no_group' | 'membership';

export function documentAccess(doc: DocumentAccessFacts, viewer: ViewerAccess | null): AccessVerdict {
  if (!viewer) return 'no_group';
  if (doc.deleted || !doc.approved || !doc.companyActive) return 'unavailable';
  if (doc.companyId === viewer.companyId) return 'own';
  const throughGroup = doc.groups.some((group) => {
    if (!group.active) return false;
    const membership = viewer.groups.get(group.id);
    if (!membership) return false;
    return membership.relationship !== 'one_to_many' || group.sponsorCompanyId === doc.companyId;
  });
  if (throughGroup) return 'open';
  if (viewer.limited) return 'membership';
  return doc.groups.length > 0 ? 'no_group' : 'open';
}

export function maySubmit(doc: DocumentAccessFacts, viewer: ViewerAccess | null): boolean {
  return documentAccess(doc, viewer) === 'open';
}
