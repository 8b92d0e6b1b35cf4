import { documentAccess, type DocumentAccessFacts, type ViewerAccess } from './partner-access';

const viewer = (overrides: Partial<ViewerAccess> = {}): ViewerAccess => ({
  companyId: 1,
  limited: false,
  groups: new Map(),
  ...overrides,
});
const doc = (overrides: Partial<DocumentAccessFacts> = {}): DocumentAccessFacts => ({
  companyId: 2,
  companyActive: true,
  approved: true,
  deleted: false,
  groups: [],
  ...overrides,
});

describe('who may submit to a process document', () => {
  it('an open document of another company is open to every non-limited member', () => {
    expect(documentAccess(doc(), viewer())).toBe('open');
  });

  it('never the own company, deleted, unapproved or inactive companies, nor super admins', () => {
    expect(documentAccess(doc({ companyId: 1 }), viewer())).toBe('own');
    expect(documentAccess(doc({ deleted: true }), viewer())).toBe('unavailable');
    expect(documentAccess(doc({ approved: false }), viewer())).toBe('unavailable');
    expect(documentAccess(doc({ companyActive: false }), viewer())).toBe('unavailable');
    expect(documentAccess(doc(), null)).toBe('no_group');
  });

  it('a document offered to groups is open to active members of one of them only', () => {
    const grouped = doc({ groups: [{ id: 7, active: true, sponsorCompanyId: 2 }] });
    expect(documentAccess(grouped, viewer())).toBe('no_group');
    expect(documentAccess(grouped, viewer({ groups: new Map([[7, { relationship: 'many_to_many' }]]) }))).toBe('open');
    const inactive = doc({ groups: [{ id: 7, active: false, sponsorCompanyId: 2 }] });
    expect(documentAccess(inactive, viewer({ groups: new Map([[7, { relationship: 'many_to_many' }]]) }))).toBe(
      'no_group',
    );
  });

  it('"Only Sponsor" members reach the sponsor only', () => {
    const member = viewer({ groups: new Map([[7, { relationship: 'one_to_many' }]]) });
    expect(documentAccess(doc({ groups: [{ id: 7, active: true, sponsorCompanyId: 2 }] }), member)).toBe('open');
    expect(documentAccess(doc({ groups: [{ id: 7, active: true, sponsorCompanyId: 3 }] }), member)).toBe('no_group');
  });

  it('a limited membership reaches partners through its groups only', () => {
    const limited = viewer({ limited: true, groups: new Map([[7, { relationship: 'many_to_many' }]]) });
    expect(documentAccess(doc(), limited)).toBe('membership');
    expect(documentAccess(doc({ groups: [{ id: 8, active: true, sponsorCompanyId: 2 }] }), limited)).toBe('membership');
    expect(documentAccess(doc({ groups: [{ id: 7, active: true, sponsorCompanyId: 2 }] }), limited)).toBe('open');
  });
});
