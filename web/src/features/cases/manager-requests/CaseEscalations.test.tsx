import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { CaseEscalationShape } from '@casebridge/contracts';
import { CollaborationFeed } from '../CollaborationFeed';

const sent: CaseEscalationShape = {
  id: 7,
  process: 'Critical escalations',
  requested_by: 'Alice Carter',
  company: 'Acme Systems',
  internal_reference: 'ACME-77',
  business_impact: 'Disaster recovery copy is two hours behind.',
  escalation_type: 'Response time',
  notes: 'No answer on the P1 case.',
  created_at: '2026-03-04T10:00:00.000Z',
  answer: null,
};

const answered: CaseEscalationShape = {
  ...sent,
  answer: {
    id: 3,
    answered_by: 'Grace Liu',
    company: 'Globex Storage',
    internal_reference: 'GX-48290',
    escalation_type: 'Response time',
    notes: 'Hotfix engineer assigned.',
    created_at: '2026-03-04T11:00:00.000Z',
  },
};

const NO_ITEMS = { notes: [], responses: [], attachments: [] };

afterEach(cleanup);

describe('the case feed shows manager escalations linked to the case', () => {
  it('shows the request to a company whose notes are off, then its answer when it arrives', () => {
    const { rerender } = render(
      <CollaborationFeed timeline={[]} items={NO_ITEMS} allowNotes={false} escalations={[sent]} />,
    );
    const list = screen.getByRole('list', { name: 'Manager escalations, newest first' });
    const item = within(list).getByRole('listitem');
    expect(item.textContent).toContain('Response time to Critical escalations');
    expect(item.textContent).toContain('Business impact: Disaster recovery copy is two hours behind.');
    expect(item.textContent).toContain('Alice Carter · Acme Systems');
    expect(item.textContent).toContain('Waiting for the managers’ answer.');

    // The live entry replaces the escalation in the cache: the same item now carries the answer.
    rerender(<CollaborationFeed timeline={[]} items={NO_ITEMS} allowNotes={false} escalations={[answered]} />);
    const answer = screen.getByLabelText('Managers’ answer');
    expect(answer.textContent).toContain('Ref. GX-48290');
    expect(answer.textContent).toContain('Hotfix engineer assigned.');
    expect(answer.textContent).toContain('Grace Liu · Globex Storage');
    expect(screen.queryByText('Waiting for the managers’ answer.')).toBeNull();
  });

  it('shows no escalation list where the case has none', () => {
    render(<CollaborationFeed timeline={[]} items={NO_ITEMS} allowNotes escalations={[]} />);
    expect(screen.getByText('No entries yet.').textContent).toBe('No entries yet.');
    expect(screen.queryByRole('list', { name: 'Manager escalations, newest first' })).toBeNull();
  });
});
