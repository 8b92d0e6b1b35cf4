import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { CaseNoteShape, CaseResponseShape, CaseTimelineEntry } from '@casebridge/contracts';
import { CollaborationFeed } from './CollaborationFeed';

const note = (id: number, summary: string, visibility: CaseNoteShape['visibility']): CaseNoteShape => ({
  id,
  summary,
  description: null,
  created_at: `2026-03-04T10:0${id}:00.000Z`,
  creator_name: 'Pat Manager',
  user: { full_name: 'Pat Manager' },
  company: { name: 'Acme Systems', url: null },
  visibility,
});

const response = (id: number, type: CaseResponseShape['type'], text: string): CaseResponseShape => ({
  id,
  type,
  case_number: type === 'approval' ? 'GX-1' : null,
  engineer_name: type === 'approval' ? 'Grace Liu' : null,
  engineer_email: null,
  engineer_phone: null,
  reviewer_name: null,
  reviewer_email: null,
  next_steps: text,
  additional_information: null,
  created_at: '2026-03-04T09:00:00.000Z',
});

const entry = (seq: number, type: CaseTimelineEntry['type'], refs: Partial<CaseTimelineEntry> = {}) => ({
  seq,
  type,
  actor: seq === 1 ? 'Ann Acme' : 'Globex Storage (token link)',
  at: `2026-03-04T09:0${seq}:00.000Z`,
  response_id: null,
  note_id: null,
  attachment_ids: [],
  escalation_id: null,
  assigned_to: null,
  ...refs,
});

describe('the Collaboration Feed is the case as one conversation', () => {
  afterEach(cleanup);

  it('lists every entry newest first, with the question, the answer, the acceptance and its actor', () => {
    render(
      <CollaborationFeed
        allowNotes
        timeline={[
          entry(1, 'submitted'),
          entry(2, 'information_requested', { response_id: 11 }),
          entry(3, 'information_supplied', { response_id: 12, actor: 'Ann Acme' }),
          entry(4, 'accepted', { response_id: 13 }),
          entry(5, 'closed', { actor: 'Ann Acme' }),
        ]}
        items={{
          notes: [],
          attachments: [],
          responses: [
            response(11, 'information-request', 'Which firmware runs on the array?'),
            response(12, 'information-response', 'Firmware 4.2.1'),
            response(13, 'approval', 'We will call at 10:00'),
          ],
        }}
      />,
    );
    const items = within(screen.getByRole('list', { name: 'Case timeline, newest first' })).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.feed-entry-title')?.textContent)).toEqual([
      'Closed',
      'Accepted',
      'Information supplied',
      'More information requested',
      'Case submitted',
    ]);
    expect(items[1].textContent).toContain('Grace Liu');
    expect(items[1].textContent).toContain('We will call at 10:00');
    expect(items[1].textContent).toContain('Globex Storage (token link)');
    expect(items[2].textContent).toContain('Firmware 4.2.1');
    expect(items[3].textContent).toContain('Which firmware runs on the array?');
  });

  it('gives an internal note the Internal badge and its own look, and a partner note neither', () => {
    render(
      <CollaborationFeed
        allowNotes
        timeline={[entry(2, 'note_added', { note_id: 1 }), entry(3, 'note_added', { note_id: 2 })]}
        items={{
          notes: [note(1, 'Logs attached', 'partner'), note(2, 'Customer is unhappy', 'internal')],
          responses: [],
          attachments: [],
        }}
      />,
    );
    const [internal, shared] = within(screen.getByRole('list', { name: 'Case timeline, newest first' })).getAllByRole(
      'listitem',
    );
    expect(within(internal).getByText('Internal')).toBeTruthy();
    expect(within(internal).getByText('Customer is unhappy')).toBeTruthy();
    expect(internal.className).toContain('feed-note-internal');
    expect(within(shared).queryByText('Internal')).toBeNull();
    expect(shared.className).not.toContain('feed-note-internal');
    expect(shared.textContent).toContain('Pat Manager · Acme Systems');
  });
});
