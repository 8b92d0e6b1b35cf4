/**
 * The dashboard's reads as plain SQL: what the viewer's company may reach, the partner directory, favourites and
 * the company note. Rows come back as JSON or flat columns; the access rule itself stays in partner-access.ts.
 */

/** The active groups of the viewer's company that include the viewer; `wide` unless every relation is sponsor-only. */
export const VIEWER_GROUPS_SQL = `(select coalesce(json_agg(json_build_object('id', g.community_id, 'wide', g.wide)), '[]')
  from (select r.community_id, bool_or(r.member_relationship <> 'one_to_many') as wide
    from company_group_relations r
    join communities cm on cm.id = r.community_id and cm.status = 'active'
    where r.company_id = ? and r.is_active
      and (r.user_access_flag = 'all' or exists (select 1 from company_group_relation_users ru
        where ru.company_group_relation_id = r.id and ru.user_id = ?))
    group by r.community_id) g)`;

export interface ViewerGroupsRecord {
  groups: { id: number; wide: boolean }[];
}

export interface NetworkDirectoryRecord {
  companies: { id: number; name: string; slug: string; logo_path: string | null }[];
  departments: { id: number; company_id: number; name: string; contact_document_id: number | null }[];
  /** Approved, live documents of the listed companies, with what the access rule reads and their tags. */
  documents: {
    id: number;
    name: string;
    company_id: number;
    groups: { id: number; active: boolean; sponsor_company_id: number | null }[];
    tags: string[];
    departments: number[];
  }[];
}

/**
 * The whole network's directory, the same for every viewer (each instance keeps it: CachedReads): every active
 * company, their active departments and their approved documents, ordered as the directory lists them (name, then
 * id). The viewer's own company is left out in code. No parameters.
 */
export const NETWORK_DIRECTORY_SQL = `select
  (select coalesce(json_agg(json_build_object('id', co.id, 'name', co.name, 'slug', co.slug,
      'logo_path', co.logo_path) order by co.name, co.id), '[]')
    from companies co where co.status = 'active') as companies,
  (select coalesce(json_agg(json_build_object('id', dep.id, 'company_id', dep.company_id, 'name', dep.name,
      'contact_document_id', dep.contact_document_id) order by dep.name, dep.id), '[]')
    from departments dep join companies co on co.id = dep.company_id
    where dep.status = 'active' and co.status = 'active') as departments,
  (select coalesce(json_agg(json_build_object('id', d.id, 'name', d.name, 'company_id', d.company_id,
      'groups', (select coalesce(json_agg(json_build_object('id', cm.id, 'active', cm.status = 'active',
          'sponsor_company_id', cm.sponsor_company_id)), '[]')
        from document_groups dg join communities cm on cm.id = dg.community_id where dg.document_id = d.id),
      'tags', (select coalesce(json_agg(t.tag), '[]') from document_tags t where t.document_id = d.id),
      'departments', (select coalesce(json_agg(cdd.department_id), '[]') from contact_document_departments cdd
        where cdd.contact_document_id = d.id))), '[]')
    from contact_documents d
    join companies co on co.id = d.company_id
    join document_versions v on v.id = d.current_version_id
    where co.status = 'active' and d.deleted_at is null and v.status = 'approved') as documents`;

/** The viewer's groups (what the access rule reads of the viewer). Parameters: viewer company, viewer user. */
export const VIEWER_GROUPS_QUERY = `select ${VIEWER_GROUPS_SQL} as groups`;

export interface FavoriteRecord {
  id: number;
  company_id: number;
  company_name: string;
  company_slug: string;
  department_id: number | null;
  department_name: string | null;
  department_status: string | null;
  document_id: number | null;
  document_name: string | null;
  document_deleted: boolean | null;
}

/** The user's favourites of active companies, by company name then id. Parameter: the user. */
export const FAVORITES_SQL = `select f.id, co.id as company_id, co.name as company_name, co.slug as company_slug,
    dep.id as department_id, dep.name as department_name, dep.status as department_status,
    doc.id as document_id, doc.name as document_name, doc.deleted_at is not null as document_deleted
  from favorites f
  join companies co on co.id = f.company_id and co.status = 'active'
  left join departments dep on dep.id = f.department_id
  left join contact_documents doc on doc.id = f.document_id
  where f.user_id = ?
  order by co.name asc, f.id asc`;

/** The viewer's company note and what decides whether they may edit it. Parameter: the user. */
export const COMPANY_NOTE_SQL = `select co.note, u.type, u.role
  from users u join companies co on co.id = u.company_id
  where u.id = ?`;
