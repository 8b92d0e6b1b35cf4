import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { defaultMemberRelationship } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { PageFrame } from '../../../app/PageFrame';
import { useApiMutation } from '../../../lib/mutations';
import { queryErrorText, useApiQuery } from '../../../lib/queries';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { companyCrumbs } from '../../companies/back-office/company-labels';
import { companyIdParam, useCompany } from '../../companies/back-office/use-company';
import { GroupSearch } from './GroupSearch';
import { RelationForm, type RelationSettings } from './RelationForm';

/**
 * /super_admin/companies/{company_id}/groups/{relation_id}/edit. relation_id 0 starts with a group
 * search; the picked group's type and host give the new relation's member relationship.
 */
export function GroupAccessPage() {
  const params = useParams();
  const companyId = companyIdParam(params.company_id);
  const relationId = companyIdParam(params.relation_id);
  const { company } = useCompany(Number.isNaN(companyId) ? -1 : companyId);
  const [picked, setPicked] = useState<RelationSettings | null>(null);
  const choices = useApiQuery(API.superAdminCompanies.docsAndDepts, { params: { id: companyId } });
  // A new relation (0) starts from the company's users; a stored one from itself and its selected users.
  const blank = useApiQuery(API.superAdminDepartments.users, {
    params: { companyId, relationId: 0 },
    enabled: relationId === 0,
  });
  const stored = useApiQuery(API.superAdminDepartments.relation, {
    params: { companyId, relationId },
    enabled: relationId !== 0,
  });
  const current = relationId === 0 ? blank : stored;
  // The first failure is the page's; the form needs both answers.
  const failure = choices.error ?? current.error;
  const ready = Boolean(choices.data && current.data);

  // The picked group's type and host decide the new relation's defaults: asked once, when it is picked.
  const pickGroup = useApiMutation(API.superAdminGroups.group, {
    loader: true,
    onSuccess: ({ group }) =>
      setPicked({
        relation_id: 0,
        community: { id: group.id, name: group.name, type: group.type },
        department_id: null,
        document_id: null,
        is_active: 1,
        user_access_flag: 'all',
        member_relationship: defaultMemberRelationship(group.type, group.sponsor_company_id, companyId),
      }),
  });

  const relation = relationId === 0 ? null : stored.data?.relation;
  const settings: RelationSettings | null = relation ? { ...relation, relation_id: relation.id } : picked;

  return (
    <PageFrame title={relation ? `Group Access: ${relation.community.name}` : 'Group Access'}>
      <Breadcrumbs trail={companyCrumbs(company)} current="Group Access" />
      {!ready && !failure && <p className="muted">Loading…</p>}
      {failure && (
        <p className="notice notice-warning" role="alert">
          {queryErrorText(failure)}
        </p>
      )}
      {ready && relationId === 0 && <GroupSearch onPick={(group) => pickGroup.mutate({ params: { id: group.id } })} />}
      {settings && choices.data && current.data && (
        <RelationForm
          key={settings.community.id}
          companyId={companyId}
          settings={settings}
          users={current.data.users}
          departments={choices.data.departments}
          documents={choices.data.documents}
        />
      )}
    </PageFrame>
  );
}
