/** One partner relation a company sees in one of its groups. */
export interface GroupPartnerRecord {
  /** The partner's relation id (the keyset of the worker's exports). */
  id: number;
  group_id: number;
  group_name: string;
  company_id: number;
  company: string;
  department_id: number | null;
  department: string | null;
  document_id: number | null;
  process: string | null;
  membership: string;
}

export interface GroupPartnersQueryOptions {
  /** The viewing company. */
  companyId: number;
  /** One group (group detail, its members export) or null for every group of the company (My Partners). */
  groupId: number | null;
  /** Keyset: relations with a larger id only. */
  afterId?: number;
  limit: number;
}

/**
 * Which members of a group a company sees as partners, the one rule for the group detail, My Partners and their
 * exports: the sponsor sees every member; in a partner program, or through an "Only Sponsor" (one_to_many)
 * relation, a member sees only the sponsor; otherwise every member. `c` is the community, `m` one of the viewer's
 * relations, `r` the partner's relation. Only active groups, companies and relations count.
 */
const PARTNER_SCOPE = `(c.sponsor_company_id = m.company_id
  or (c.type <> 'partner_program' and m.member_relationship = 'many_to_many')
  or r.company_id = c.sponsor_company_id)`;

export function groupPartnersQuery(options: GroupPartnersQueryOptions): { sql: string; params: unknown[] } {
  const { companyId, groupId } = options;
  const sql = `select r.id, c.id as group_id, c.name as group_name, pc.id as company_id, pc.name as company,
      dep.id as department_id, dep.name as department, d.id as document_id, d.name as process,
      pc.membership_type as membership
    from company_group_relations r
    join communities c on c.id = r.community_id and c.status = 'active'
    join companies pc on pc.id = r.company_id and pc.status = 'active'
    left join departments dep on dep.id = r.department_id
    left join contact_documents d on d.id = r.document_id and d.deleted_at is null
    where r.is_active and r.company_id <> ?
      and exists (select 1 from company_group_relations m
        where m.community_id = c.id and m.company_id = ? and m.is_active and ${PARTNER_SCOPE})
      ${groupId === null ? '' : 'and c.id = ?'} and r.id > ?
    order by r.id
    limit ?`;
  const params = [companyId, companyId, ...(groupId === null ? [] : [groupId]), options.afterId ?? 0, options.limit];
  return { sql, params };
}
