import { Link } from 'react-router-dom';
import type { DirectoryEntry } from '@casebridge/contracts';
import { directoryEntryName, directoryEntryPath } from './partner-links';
import './directory.css';

/**
 * One partner of the directory with its tags: a link to its processes when the viewer may submit to it, else
 * greyed with "No access" (partner search and the company directory).
 */
export function PartnerResult({ entry, onPick }: { entry: DirectoryEntry; onPick?: (entry: DirectoryEntry) => void }) {
  const tags = entry.tags.map((tag) => tag.tag).join(', ');
  const body = (
    <>
      <span className="partner-name">{directoryEntryName(entry)}</span>
      {tags && <span className="partner-tags muted">{tags}</span>}
    </>
  );
  if (!entry.has_access) {
    return (
      <div className="partner-result partner-result-locked">
        {body}
        <span className="badge">No access</span>
      </div>
    );
  }
  return (
    <Link className="partner-result" to={directoryEntryPath(entry)} onClick={() => onPick?.(entry)}>
      {body}
    </Link>
  );
}

/** The React key of a directory entry. */
export const entryKey = (entry: DirectoryEntry) => `${entry.type}-${entry.company_id}-${entry.department_id ?? 0}`;
