import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { type CaseDetail, type CurrentUser } from '@casebridge/contracts';
import { API } from '../../lib/api-routes';
import { useSession } from '../../app/session-store';
import { apiKey, queryClient } from '../../lib/queries';
import { CaseOwner } from './CaseOwner';

/**
 * "Assigned to" against a stand-in `fetch`: what the page sends is what the api receives, and the answer is what
 * the page then shows. A super admin's view (no side, no owner) shows nothing.
 */
let sent: { url: string; method: string; body: unknown }[];

const USERS = [
  { id: 7, full_name: 'Ann Acme', email: 'ann@acme.test' },
  { id: 8, full_name: 'Bo Acme', email: 'bo@acme.test' },
];

const controls = (canAssign: boolean): CaseDetail['controls'] => ({
  visible: true,
  can_close: false,
  can_update_response: false,
  can_update_submission: true,
  can_add_note: true,
  can_upload: true,
  can_assign: canAssign,
});

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

function renderOwner(detail: Pick<CaseDetail, 'token' | 'assignee' | 'controls'>) {
  queryClient.setQueryData(apiKey(API.cases.details, { token: detail.token }), { case: detail });
  return render(<CaseOwner detail={detail} />, { wrapper });
}

beforeEach(() => {
  sent = [];
  useSession.setState({ user: { id: 7 } as CurrentUser });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ url, method: init.method ?? 'GET', body });
      const chosen = USERS.find((user) => user.id === (body as { user_id?: number } | undefined)?.user_id);
      const answer = url.endsWith('/assignees')
        ? { users: USERS }
        : { assignee: chosen ? { id: chosen.id, full_name: chosen.full_name } : null };
      return new Response(JSON.stringify(answer), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  queryClient.clear();
  useSession.setState({ user: null });
});

describe('Assigned to on the case page', () => {
  it('shows nobody, and "Assign to me" sends the signed-in user', async () => {
    renderOwner({ token: 'T1', assignee: null, controls: controls(true) });
    expect(screen.getByTestId('case-owner').textContent).toBe('Nobody');
    fireEvent.click(screen.getByRole('button', { name: 'Assign to me' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', body: { user_id: 7 } });
    expect(sent[0].url).toContain('/api/caller/case/T1/assignee');
  });

  it("chooses another of the side's users from the list the api answers", async () => {
    renderOwner({ token: 'T2', assignee: { id: 7, full_name: 'Ann Acme' }, controls: controls(true) });
    // The owner is the viewer: no "Assign to me".
    expect(screen.queryByRole('button', { name: 'Assign to me' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Change owner' }));
    const select = await screen.findByLabelText('New owner');
    await waitFor(() => expect((select as HTMLSelectElement).disabled).toBe(false));
    fireEvent.change(select, { target: { value: '8' } });
    fireEvent.click(screen.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(sent.some((request) => request.method === 'POST')).toBe(true));
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ user_id: 8 });
    await waitFor(() =>
      expect(
        queryClient.getQueryData<{ case: CaseDetail }>(apiKey(API.cases.details, { token: 'T2' }))?.case.assignee,
      ).toEqual({
        id: 8,
        full_name: 'Bo Acme',
      }),
    );
  });

  it('shows the owner of a finished case without a way to change it, and nothing to a super admin', () => {
    const { unmount } = renderOwner({
      token: 'T3',
      assignee: { id: 8, full_name: 'Bo Acme' },
      controls: controls(false),
    });
    expect(screen.getByTestId('case-owner').textContent).toBe('Bo Acme');
    expect(screen.queryByRole('button', { name: 'Change owner' })).toBeNull();
    unmount();
    renderOwner({ token: 'T4', assignee: null, controls: controls(false) });
    expect(screen.queryByText('Assigned to')).toBeNull();
  });
});
