import { useState } from 'react';
import { useParams } from 'react-router-dom';
import {
  defaultMemberRelationship,
  superAdminCompaniesApi,
  superAdminDepartmentsApi,
  superAdminGroupsApi,
} from '@casebridge/contracts';
import { PageFrame } from '../../../app/PageFrame';
import { alerts } from '../../../app/alerts-store';
import { call } from '../../../lib/api';
import { errorMessage } from '../../../lib/api-error';
import { useAsync } from '../../../lib/use-async';
import { withLoader } from '../../../ui/modal-store';
import { Breadcrumbs } from '../companies/Breadcrumbs';
import { companyCrumbs } from '../companies/company-labels';
import { companyIdParam, useCompany } from '../companies/use-company';
import { GroupSearch } from './GroupSearch';
import { RelationForm, type RelationSettings } from './RelationForm';

/**
 * /super_admin/companies/{company_id}/groups/{relation_id}/edit (spec 3 §2.7). relation_id 0 starts with a group
 * search; the picked group's type and host give the new relation's member relationship.
 */
export function GroupAccessPage() {
  const params = useParams();
  const companyId = companyIdParam(params.company_id);
  const relationId = companyIdParam(params.relation_id);
  const { company } = useCompany(Number.isNaN(companyId) ? -1 : companyId);
  const [picked, setPicked] = useState<RelationSettings | null>(null);
  const loaded = useAsync(async () => {
    const [choices, current] = await Promise.all([
      call(superAdminCompaniesApi.docsAndDepts, { params: { id: companyId } }),
      relationId === 0
        ? call(superAdminDepartmentsApi.users, { params: { companyId, relationId: 0 } }).then((answer) => ({
            relation: null,
            users: answer.users,
          }))
        : call(superAdminDepartmentsApi.relation, { params: { companyId, relationId } }),
    ]);
    return { ...choices, ...current };
  }, [companyId, relationId]);

  const pick = async (groupId: number) => {
    try {
      const { group } = await withLoader(call(superAdminGroupsApi.group, { params: { id: groupId } }));
      setPicked({
        relation_id: 0,
        community: { id: group.id, name: group.name, type: group.type },
        department_id: null,
        document_id: null,
        is_active: 1,
        user_access_flag: 'all',
        member_relationship: defaultMemberRelationship(group.type, group.sponsor_company_id, companyId),
      });
    } catch (error) {
      alerts.show(errorMessage(error), 'warning');
    }
  };

  const relation = loaded.data?.relation;
  const settings: RelationSettings | null = relation ? { ...relation, relation_id: relation.id } : picked;

  return (
    <PageFrame title={relation ? `Group Access: ${relation.community.name}` : 'Group Access'}>
      <Breadcrumbs trail={companyCrumbs(company)} current="Group Access" />
      {loaded.status === 'loading' && <p className="muted">Loading…</p>}
      {loaded.status === 'failed' && (
        <p className="notice notice-warning" role="alert">
          {loaded.error}
        </p>
      )}
      {loaded.status === 'ready' && relationId === 0 && <GroupSearch onPick={(group) => void pick(group.id)} />}
      {loaded.status === 'ready' && settings && (
        <RelationForm
          key={settings.community.id}
          companyId={companyId}
          settings={settings}
          users={loaded.data.users}
          departments={loaded.data.departments}
          documents={loaded.data.documents}
        />
      )}
    </PageFrame>
  );
}
