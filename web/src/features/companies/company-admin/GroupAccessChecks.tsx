import { GROUP_TYPE_LABELS, type GroupOption } from '@casebridge/contracts';
import { CheckboxField } from '../../../ui/fields';
import './company-admin.css';

interface GroupAccessChecksProps {
  legend: string;
  groups: readonly GroupOption[];
  /** The ids ticked; groups every user can see ("all") are always shown ticked. */
  value: readonly number[];
  onChange: (ids: number[]) => void;
  error?: { message?: string };
}

/** Group access checkboxes: "all" groups are greyed out and always included. */
export function GroupAccessChecks({ legend, groups, value, onChange, error }: GroupAccessChecksProps) {
  const toggle = (id: number, checked: boolean) => {
    const rest = value.filter((item) => item !== id);
    onChange(checked ? [...rest, id] : rest);
  };
  return (
    <fieldset className="group-access">
      <legend>{legend}</legend>
      {groups.length === 0 && <p className="muted">This company belongs to no groups yet.</p>}
      {groups.map((group) => {
        const always = group.user_access_flag === 'all';
        return (
          <CheckboxField
            key={group.id}
            label={
              <>
                {group.name} <span className="muted">({GROUP_TYPE_LABELS[group.type]})</span>
                {always && <span className="muted"> – every user has access</span>}
              </>
            }
            checked={always || value.includes(group.id)}
            disabled={always}
            onChange={(event) => toggle(group.id, event.target.checked)}
          />
        );
      })}
      {error?.message && (
        <div className="field-error" role="alert">
          {error.message}
        </div>
      )}
    </fieldset>
  );
}

/** The ids to send: the ticked ones plus every "all" group. */
export function withAllGroups(groups: readonly GroupOption[], ids: readonly number[]): number[] {
  const always = groups.filter((group) => group.user_access_flag === 'all').map((group) => group.id);
  return [...new Set([...always, ...ids])];
}
