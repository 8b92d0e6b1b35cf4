import { useEffect, useState } from 'react';
import type { CaseDetail } from '@casebridge/contracts';
import { NoteModal } from './NoteModal';
import { UploadModal } from './UploadModal';

interface FeedActionsProps {
  detail: Pick<CaseDetail, 'token' | 'controls'>;
  /** Tells the other viewers (presence) while the note form is open. */
  onWritingNote?: (writing: boolean) => void;
}

/**
 * Add Note and Upload File at the head of the Collaboration Feed, where what they add appears (the server's
 * controls decide which show). What they add comes back as a live entry of the case.
 */
export function FeedActions({ detail, onWritingNote }: FeedActionsProps) {
  const { controls, token } = detail;
  const [modal, setModal] = useState<'note' | 'upload' | null>(null);
  const writingNote = modal === 'note';
  useEffect(() => {
    if (!onWritingNote) return;
    onWritingNote(writingNote);
    return () => onWritingNote(false);
    // Only the open/closed state of the note form matters, not the callback's identity.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [writingNote]);
  if (!controls.visible || !(controls.can_add_note || controls.can_upload)) return null;

  const done = () => setModal(null);
  return (
    <div className="case-controls feed-actions" role="group" aria-label="Add to the feed">
      {controls.can_add_note && (
        <button type="button" className="button" onClick={() => setModal('note')}>
          Add Note
        </button>
      )}
      {controls.can_upload && (
        <button type="button" className="button button-secondary" onClick={() => setModal('upload')}>
          Upload File
        </button>
      )}
      {modal === 'note' && <NoteModal token={token} onClose={done} onSaved={done} />}
      {modal === 'upload' && <UploadModal token={token} onClose={done} onUploaded={done} />}
    </div>
  );
}
