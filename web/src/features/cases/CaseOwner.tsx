import { useState, type FormEvent } from 'react';
import { type CaseDetail } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useSession } from '../../app/session-store';
import { useApiMutation } from '../../lib/mutations';
import { apiKey, queryClient, useApiQuery } from '../../lib/queries';

type OwnerDetail = Pick<CaseDetail, 'token' | 'assignee' | 'controls'>;

/**
 * "Assigned to" on the case page: who owns the case on the viewer's side, and (while the case is worked on) the
 * choice of another of the side's users or nobody. The change comes back as a live entry to everyone else; this
 * page writes the answer into its copy at once.
 */
export function CaseOwner({ detail }: { detail: OwnerDetail }) {
  const userId = useSession((session) => session.user?.id);
  const [choosing, setChoosing] = useState(false);
  const assign = useApiMutation(API.cases.assign, {
    onSuccess: (answer) => {
      keepOwner(detail.token, answer.assignee);
      setChoosing(false);
    },
  });
  // A super admin's view has no side, so nothing to show or change.
  if (!detail.controls.can_assign && !detail.assignee) return null;
  const send = (user: number | null) => assign.mutate({ params: { token: detail.token }, body: { user_id: user } });

  return (
    <div className="case-owner" role="group" aria-labelledby="case-owner-label">
      <span id="case-owner-label" className="case-owner-label">
        Assigned to
      </span>{' '}
      <strong data-testid="case-owner">{detail.assignee?.full_name ?? 'Nobody'}</strong>
      {detail.controls.can_assign && !choosing && (
        <>
          {userId !== undefined && detail.assignee?.id !== userId && (
            <button type="button" className="link-button" disabled={assign.isPending} onClick={() => send(userId)}>
              Assign to me
            </button>
          )}
          <button type="button" className="link-button" onClick={() => setChoosing(true)}>
            Change owner
          </button>
        </>
      )}
      {choosing && (
        <OwnerChoice
          token={detail.token}
          current={detail.assignee?.id ?? null}
          pending={assign.isPending}
          onChoose={send}
          onCancel={() => setChoosing(false)}
        />
      )}
    </div>
  );
}

interface OwnerChoiceProps {
  token: string;
  current: number | null;
  pending: boolean;
  onChoose: (userId: number | null) => void;
  onCancel: () => void;
}

/** The side's active users, read when the choice opens. */
function OwnerChoice({ token, current, pending, onChoose, onCancel }: OwnerChoiceProps) {
  const options = useApiQuery(API.cases.assigneeOptions, { params: { token } });
  const [choice, setChoice] = useState(current === null ? '' : String(current));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChoose(choice === '' ? null : Number(choice));
  };
  return (
    <form className="case-owner-choice" onSubmit={submit}>
      <label htmlFor="case-owner-select">New owner</label>
      <select
        id="case-owner-select"
        value={choice}
        disabled={!options.data}
        onChange={(event) => setChoice(event.target.value)}
      >
        <option value="">Nobody</option>
        {options.data?.users.map((user) => (
          <option key={user.id} value={user.id}>
            {user.full_name} ({user.email})
          </option>
        ))}
      </select>
      <button type="submit" className="button" disabled={pending || !options.data}>
        Assign
      </button>
      <button type="button" className="button button-secondary" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

function keepOwner(token: string, assignee: CaseDetail['assignee']): void {
  queryClient.setQueryData<{ case: CaseDetail }>(apiKey(API.cases.details, { token }), (answer) =>
    answer ? { case: { ...answer.case, assignee } } : answer,
  );
}
