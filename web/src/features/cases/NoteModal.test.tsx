import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { CompanySummary } from '@casebridge/contracts';
import { useSession } from '../../app/session-store';
import { queryClient } from '../../lib/queries';
import { useModals } from '../../ui/modal-store';
import { NoteModal } from './NoteModal';

/**
 * The Add Note form against a stand-in `fetch`: what the browser sends is what the api receives. Proves the
 * partner/internal choice is shown before sending, defaults to the partner, and travels in the body.
 */
let sent: { url: string; body: unknown }[];

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

const note = (visibility: 'partner' | 'internal') => ({
  note: {
    id: 1,
    summary: 'Checked the logs',
    description: null,
    created_at: '2026-03-04T10:00:00.000Z',
    creator_name: 'Pat Manager',
    user: { full_name: 'Pat Manager' },
    company: { name: 'Acme Systems', url: null },
    visibility,
  },
});

beforeEach(() => {
  sent = [];
  useSession.setState({ company: { name: 'Acme Systems' } as CompanySummary });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const body = JSON.parse(String(init.body)) as { visibility: 'partner' | 'internal' };
      sent.push({ url, body });
      return new Response(JSON.stringify(note(body.visibility)), {
        status: 200,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  useSession.setState({ company: null });
  useModals.setState({ dialogs: [], loading: 0 });
});

function writeSummary() {
  fireEvent.change(screen.getByLabelText('Summary'), { target: { value: 'Checked the logs' } });
}

describe('Add Note: who can see the note is chosen before sending', () => {
  it('offers both choices, partner by default, and sends visibility partner', async () => {
    const onSaved = vi.fn();
    render(<NoteModal token="tok-1" onClose={vi.fn()} onSaved={onSaved} />, { wrapper });

    expect(screen.getByRole('radio', { name: /Partner can see/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('radio', { name: /Internal — only Acme Systems/ })).toHaveProperty('checked', false);
    writeSummary();
    fireEvent.click(screen.getByRole('button', { name: 'Add note for partner' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      { url: '/api/caller/case/tok-1/note', body: expect.objectContaining({ visibility: 'partner' }) },
    ]);
  });

  it('sends visibility internal once "Internal" is chosen, and the button says so', async () => {
    const onSaved = vi.fn();
    render(<NoteModal token="tok-1" onClose={vi.fn()} onSaved={onSaved} />, { wrapper });

    fireEvent.click(screen.getByRole('radio', { name: /Internal — only Acme Systems/ }));
    writeSummary();
    expect(screen.queryByRole('button', { name: 'Add note for partner' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add internal note' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(sent).toEqual([
      {
        url: '/api/caller/case/tok-1/note',
        body: { summary: 'Checked the logs', description: '', visibility: 'internal' },
      },
    ]);
  });
});
