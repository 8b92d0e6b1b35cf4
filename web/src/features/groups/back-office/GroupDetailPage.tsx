import { Link, useParams } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';
import { PageFrame } from '../../../app/PageFrame';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { GroupForm } from './GroupForm';
import { GroupDocumentsPanel } from './GroupDocumentsPanel';
import { GroupPartnersPanel } from './GroupPartnersPanel';
import { ProgramDetails } from './ProgramDetails';
import { TeamsConnectionCard } from './TeamsConnectionCard';
import { groupIdParam, groupsCrumb, useGroup } from './use-group';
import './groups.css';

/**
 * /super_admin/groups/{group_id}/{group_type}: the partner-program view for partner programs, the group form for
 * solution support and open groups.
 */
export function GroupDetailPage() {
  const params = useParams();
  const id = groupIdParam(params.group_id);
  const { group } = useGroup(Number.isNaN(id) || id === 0 ? -1 : id);
  const programView = params.group_type === 'partner_program';
  return (
    <PageFrame
      title={group?.name ?? 'Group'}
      actions={
        programView && group ? (
          <Link className="button" to={routePath('super_admin.group.edit', { group_id: group.id })}>
            Edit
          </Link>
        ) : undefined
      }
    >
      <Breadcrumbs trail={[groupsCrumb]} current={group?.name ?? 'Group'} />
      {!group ? (
        <p className="muted">Loading…</p>
      ) : programView ? (
        <>
          <ProgramDetails group={group} />
          {group.msteams_integration === 1 && <TeamsConnectionCard groupId={group.id} />}
          <GroupPartnersPanel group={group} />
          <GroupDocumentsPanel groupId={group.id} />
        </>
      ) : (
        <>
          <GroupForm key={group.id} group={group} />
          {group.msteams_integration === 1 && <TeamsConnectionCard groupId={group.id} />}
        </>
      )}
    </PageFrame>
  );
}
