import { useParams } from 'react-router-dom';
import { PageFrame } from '../../../app/PageFrame';
import { Breadcrumbs } from '../../../ui/Breadcrumbs';
import { GroupForm } from './GroupForm';
import { groupDetailPath, groupIdParam, groupsCrumb, useGroup } from './use-group';
import './groups.css';

/** /super_admin/groups/{group_id}/edit; group_id 0 is a new group. */
export function GroupEditPage() {
  const id = groupIdParam(useParams().group_id);
  const creating = id === 0;
  const { group } = useGroup(Number.isNaN(id) ? -1 : id);
  const trail = group ? [groupsCrumb, { label: group.name, to: groupDetailPath(group) }] : [groupsCrumb];
  return (
    <PageFrame title={creating ? 'New Group' : `Edit ${group?.name ?? 'Group'}`}>
      <Breadcrumbs trail={trail} current={creating ? 'New Group' : 'Edit'} />
      {creating || group ? <GroupForm key={group?.id ?? 0} group={group} /> : <p className="muted">Loading…</p>}
    </PageFrame>
  );
}
