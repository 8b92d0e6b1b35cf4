import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { CaseNoteShape } from '@casebridge/contracts';
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

describe('the Collaboration Feed marks internal notes', () => {
  afterEach(cleanup);

  it('gives an internal note the Internal badge and its own look, and a partner note neither', () => {
    render(
      <CollaborationFeed
        allowNotes
        notes={[note(1, 'Logs attached', 'partner'), note(2, 'Customer is unhappy', 'internal')]}
      />,
    );
    const [internal, shared] = within(screen.getByRole('list', { name: 'Notes, newest first' })).getAllByRole(
      'listitem',
    );
    expect(within(internal).getByText('Internal')).toBeTruthy();
    expect(within(internal).getByText('Customer is unhappy')).toBeTruthy();
    expect(internal.className).toContain('feed-note-internal');
    expect(within(shared).queryByText('Internal')).toBeNull();
    expect(shared.className).not.toContain('feed-note-internal');
  });
});
