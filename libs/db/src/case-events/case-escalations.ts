import { iso } from './case-snapshots';

/**
 * A manager request (`alias`, a manager_requests row) as the case feed shows it (CaseEscalationShape), with its
 * answer: one SQL expression, used by the case page's read and by the live messages alike so both give the same.
 */
export function escalationJson(alias: string): string {
  return `json_build_object('id', ${alias}.id,
    'process', (select d.name from contact_documents d where d.id = ${alias}.document_id),
    'requested_by', trim(${alias}.first_name || ' ' || ${alias}.last_name),
    'company', (select sc.name from companies sc where sc.id = ${alias}.submitter_company_id),
    'internal_reference', ${alias}.internal_reference, 'business_impact', ${alias}.business_impact,
    'escalation_type', ${alias}.escalation_type, 'notes', ${alias}.notes,
    'created_at', ${iso(`${alias}.created_at`)},
    'answer', (select json_build_object('id', r.id, 'answered_by', trim(r.first_name || ' ' || r.last_name),
        'company', rc.name, 'internal_reference', r.internal_reference, 'escalation_type', r.escalation_type,
        'notes', r.notes, 'created_at', ${iso('r.created_at')})
      from manager_responses r join companies rc on rc.id = ${alias}.receiver_company_id
      where r.request_id = ${alias}.id order by r.created_at, r.id limit 1))`;
}

/** The linked escalations of a case, oldest first, as a JSON array (null when none). */
export function caseEscalationsJson(caseAlias: string): string {
  return `(select json_agg(${escalationJson('m')} order by m.created_at, m.id)
    from manager_requests m where m.case_id = ${caseAlias}.id)`;
}
