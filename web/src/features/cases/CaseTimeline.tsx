import {
  CASE_ENTRY_TITLES,
  type CaseAttachmentShape,
  type CaseNoteShape,
  type CaseResponseShape,
  type CaseTimelineEntry,
} from '@casebridge/contracts';
import { formatDateTime } from '../../lib/format';
import { responseText } from './case-format';

/** What the timeline shows an entry with: the case's own lists, by id. */
export interface TimelineItems {
  notes: readonly CaseNoteShape[];
  responses: readonly CaseResponseShape[];
  attachments: readonly CaseAttachmentShape[];
}

/**
 * The case's log as one conversation, newest first: every entry with its actor and what it said (the question, the
 * answer, the engineer and next steps, the reason, the note, the files). Internal notes keep their badge and look.
 */
export function CaseTimeline({ timeline, items }: { timeline: readonly CaseTimelineEntry[]; items: TimelineItems }) {
  if (timeline.length === 0) return <p className="muted">No entries yet.</p>;
  const newestFirst = [...timeline].sort((a, b) => b.seq - a.seq);
  return (
    <ol className="feed-list" aria-label="Case timeline, newest first">
      {newestFirst.map((entry) => (
        <TimelineItem key={entry.seq} entry={entry} items={items} />
      ))}
    </ol>
  );
}

function TimelineItem({ entry, items }: { entry: CaseTimelineEntry; items: TimelineItems }) {
  const note = items.notes.find((item) => item.id === entry.note_id);
  const response = items.responses.find((item) => item.id === entry.response_id);
  const files = items.attachments.filter((item) => entry.attachment_ids.includes(item.id));
  const internal = note?.visibility === 'internal';
  // A note is credited to its author's account, as the notes always were; other entries to the log's actor.
  const actor = note ? (note.user?.full_name ?? note.creator_name) : entry.actor;
  const company = note?.company?.name;
  return (
    <li className={`feed-note feed-entry-${entry.type}${internal ? ' feed-note-internal' : ''}`}>
      {internal && (
        <span className="badge feed-internal-badge" title="Only your company sees this note">
          Internal
        </span>
      )}
      <p className="feed-entry-title">{CASE_ENTRY_TITLES[entry.type]}</p>
      {note?.summary && <h3 className="feed-summary">{note.summary}</h3>}
      {note?.description && <p className="pre-wrap">{note.description}</p>}
      {response && <ResponseBody response={response} />}
      {entry.type === 'assigned' && (
        <p>{entry.assigned_to ? `Assigned to ${entry.assigned_to.full_name}` : 'No owner any more'}</p>
      )}
      {files.length > 0 && (
        <ul className="feed-files">
          {files.map((file) => (
            <li key={file.id}>{file.original_filename}</li>
          ))}
        </ul>
      )}
      <p className="muted small">
        {actor ?? 'System'}
        {company && <> · {company}</>} · {formatDateTime(entry.at)}
      </p>
    </li>
  );
}

/** What a response entry said: the question or the answer, the reason, or the engineer and the next steps. */
function ResponseBody({ response }: { response: CaseResponseShape }) {
  const text = responseText(response);
  if (response.type !== 'approval') return text ? <p className="pre-wrap">{text}</p> : null;
  return (
    <dl className="case-facts">
      {response.engineer_name && (
        <>
          <dt>Engineer</dt>
          <dd>
            {response.engineer_name}
            {response.engineer_email && <> · {response.engineer_email}</>}
          </dd>
        </>
      )}
      {response.case_number && (
        <>
          <dt>Partner Case#</dt>
          <dd>{response.case_number}</dd>
        </>
      )}
      {text && (
        <>
          <dt>Next Steps</dt>
          <dd className="pre-wrap">{text}</dd>
        </>
      )}
    </dl>
  );
}
