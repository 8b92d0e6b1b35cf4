import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { act, cleanup, fireEvent, render, renderHook, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { API } from './api-routes';
import { useAlerts, type BannerAlert } from '../app/alerts-store';
import { ForgotPasswordModal } from '../features/accounts/landing/ForgotPasswordModal';
import { useModals } from '../ui/modal-store';
import { useApiMutation } from './mutations';
import { apiKey, queryClient, useApiQuery } from './queries';

/**
 * The network edge is `fetch`: a stand-in server answers each request from `answers` (by method and path) and
 * records what was sent. Everything above it is the app's own: call(), the query client with its mutation cache,
 * the alerts store, and the real forgot-password form.
 */
interface Sent {
  method: string;
  url: string;
  body: BodyInit | null | undefined;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let answers: Record<string, () => Response>;
let sent: Sent[];
/** Every banner shown, in order (the store keeps only the newest, so a second one would hide the first). */
let shown: Pick<BannerAlert, 'message' | 'level'>[];
let stopWatchingAlerts: () => void;

const requestsTo = (method: string, url: string) =>
  sent.filter((request) => request.method === method && request.url === url);

const wrapper = ({ children }: { children: ReactNode }) => (
  <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
);

beforeEach(() => {
  answers = {};
  sent = [];
  shown = [];
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      sent.push({ method, url, body: init.body });
      // A network round trip: the mutation is pending for a moment, as in the browser.
      await new Promise((resolve) => setTimeout(resolve, 0));
      const answer = answers[`${method} ${url}`];
      return answer ? answer() : json(404, { error: `No stand-in answer for ${method} ${url}.` });
    }),
  );
  stopWatchingAlerts = useAlerts.subscribe((state, previous) => {
    const added = state.alerts.filter((alert) => !previous.alerts.some((old) => old.id === alert.id));
    shown.push(...added.map(({ message, level }) => ({ message, level })));
  });
});

afterEach(() => {
  cleanup();
  stopWatchingAlerts();
  queryClient.clear();
  useAlerts.setState({ alerts: [], places: [] });
  useModals.setState({ dialogs: [], loading: 0 });
});

describe('a failed write: one banner with the server’s message', () => {
  it('shows the message once, as a warning by default', async () => {
    answers['POST /api/webhooks/7/delete'] = () => json(409, { error: 'The endpoint is still delivering.' });
    const { result } = renderHook(() => useApiMutation(API.webhooks.delete), { wrapper });

    act(() => result.current.mutate({ params: { id: 7 } }));
    await waitFor(() => expect(result.current.isError).toBe(true));

    expect(shown).toEqual([{ message: 'The endpoint is still delivering.', level: 'warning' }]);
  });

  it('shows it as the kind the mutation chose, and mutateAsync still rejects for a caller that waits', async () => {
    answers['POST /api/webhooks/7/delete'] = () => json(403, { error: 'This action is unauthorized.' });
    const { result } = renderHook(() => useApiMutation(API.webhooks.delete, { errorAlert: 'danger' }), { wrapper });

    let failure: unknown;
    await act(() => result.current.mutateAsync({ params: { id: 7 } }).catch((error: unknown) => (failure = error)));

    expect(failure).toMatchObject({ status: 403, message: 'This action is unauthorized.' });
    expect(shown).toEqual([{ message: 'This action is unauthorized.', level: 'danger' }]);
  });

  it('is announced once when the mutation reports it itself (handlesErrors): no default banner', async () => {
    answers['POST /api/webhooks/7/delete'] = () => json(500, { error: 'Server Error' });
    const onError = vi.fn(() => useAlerts.getState().show('Could not delete the endpoint.', 'danger'));
    const { result } = renderHook(() => useApiMutation(API.webhooks.delete, { handlesErrors: true, onError }), {
      wrapper,
    });

    act(() => result.current.mutate({ params: { id: 7 } }));
    await waitFor(() => expect(result.current.isError).toBe(true));

    expect(onError).toHaveBeenCalledTimes(1);
    expect(shown).toEqual([{ message: 'Could not delete the endpoint.', level: 'danger' }]);
  });

  it('applies to a plain useMutation too (a session action): the meta chooses the kind', async () => {
    const { result } = renderHook(
      () =>
        useMutation({
          mutationFn: () => Promise.reject(new Error('The session could not be restored.')),
          meta: { errorAlert: 'danger' },
        }),
      { wrapper },
    );

    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));

    expect(shown).toEqual([{ message: 'The session could not be restored.', level: 'danger' }]);
  });
});

describe('a form that handles its errors (the forgot-password modal)', () => {
  const submit = (email: string) => {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
    fireEvent.click(screen.getByRole('button', { name: 'Send Reset Link' }));
  };

  it('puts a 422 message under its field and shows no banner', async () => {
    answers['POST /api/auth/forgot_password'] = () =>
      json(422, {
        message: 'The given data was invalid.',
        errors: { email: ['We can not find a user with that e-mail address.'] },
      });
    const onClose = vi.fn();
    render(<ForgotPasswordModal onClose={onClose} />, { wrapper });

    submit('nobody@example.com');

    const fieldError = await screen.findByText('We can not find a user with that e-mail address.');
    expect(fieldError).toHaveProperty('id', expect.stringMatching(/-error$/));
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo('POST', '/api/auth/forgot_password')).toHaveLength(1);
    expect(shown).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('shows a failure no field takes as one warning, inside the modal', async () => {
    answers['POST /api/auth/forgot_password'] = () => json(429, { error: 'Too many attempts. Try again later.' });
    render(<ForgotPasswordModal onClose={() => undefined} />, { wrapper });

    submit('someone@example.com');

    const banner = await screen.findByText('Too many attempts. Try again later.');
    expect(screen.getByRole('dialog').contains(banner)).toBe(true);
    expect(shown).toEqual([{ message: 'Too many attempts. Try again later.', level: 'warning' }]);
  });

  it('keeps the page-wide loader up and the submit disabled while the request runs', async () => {
    let answer!: (response: Response) => void;
    answers['POST /api/auth/forgot_password'] = () => json(200, { message: 'unused' });
    vi.mocked(fetch).mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    const onClose = vi.fn();
    render(<ForgotPasswordModal onClose={onClose} />, { wrapper });

    submit('someone@example.com');

    await waitFor(() => expect(useModals.getState().loading).toBe(1));
    expect(screen.getByRole('button', { name: 'Send Reset Link' })).toHaveProperty('disabled', true);
    answer(json(200, { message: 'We have e-mailed your password reset link.' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
    expect(useModals.getState().loading).toBe(0);
    expect(shown).toEqual([{ message: 'We have e-mailed your password reset link.', level: 'success' }]);
  });
});

describe('a successful write', () => {
  it('shows the success banner and invalidates the named endpoints only', async () => {
    answers['GET /api/webhooks'] = () => json(200, { endpoints: [] });
    answers['POST /api/webhooks/7/delete'] = () => json(200, { success: true });
    // Another endpoint's cached answer, not named: it must stay as it is.
    queryClient.setQueryData(apiKey(API.apiTokens.list), { tokens: [], api_users: [] });
    const onSuccess = vi.fn();
    const { result } = renderHook(
      () => ({
        list: useApiQuery(API.webhooks.list),
        remove: useApiMutation(API.webhooks.delete, {
          invalidates: [API.webhooks.list],
          success: 'The webhook endpoint has been deleted.',
          onSuccess,
        }),
      }),
      { wrapper },
    );
    await waitFor(() => expect(result.current.list.isSuccess).toBe(true));
    expect(requestsTo('GET', '/api/webhooks')).toHaveLength(1);

    act(() => result.current.remove.mutate({ params: { id: 7 } }));

    // The list on screen is asked again; the unnamed entry is not even marked stale.
    await waitFor(() => expect(requestsTo('GET', '/api/webhooks')).toHaveLength(2));
    expect(queryClient.getQueryState(apiKey(API.apiTokens.list))?.isInvalidated).toBe(false);
    expect(onSuccess).toHaveBeenCalledTimes(1);
    expect(onSuccess.mock.calls[0][0]).toEqual({ success: true });
    expect(shown).toEqual([{ message: 'The webhook endpoint has been deleted.', level: 'success' }]);
  });

  it('makes the success text from the answer, and shows none when the answer gives none', async () => {
    answers['POST /api/webhooks/7/delete'] = () => json(200, { message: 'Deleted: 1 endpoint.' });
    answers['POST /api/webhooks/8/delete'] = () => json(200, {});
    const { result } = renderHook(
      () =>
        useApiMutation(API.webhooks.delete, {
          success: (answer) => (answer as { message?: string }).message,
        }),
      { wrapper },
    );

    await act(() => result.current.mutateAsync({ params: { id: 7 } }));
    await act(() => result.current.mutateAsync({ params: { id: 8 } }));

    expect(shown).toEqual([{ message: 'Deleted: 1 endpoint.', level: 'success' }]);
  });

  it('sends a multipart endpoint’s form data as it is, not as JSON', async () => {
    answers['POST /api/admin/company/partner_groups/3/documents/upload'] = () =>
      json(200, { message: 'The document has been added.' });
    const { result } = renderHook(
      () => useApiMutation(API.adminGroups.uploadDocument, { success: (answer) => answer.message }),
      { wrapper },
    );
    const form = new FormData();
    form.append('name', 'Runbook');

    await act(() => result.current.mutateAsync({ params: { groupId: 3 }, form }));

    const [request] = requestsTo('POST', '/api/admin/company/partner_groups/3/documents/upload');
    expect(request.body).toBe(form);
    expect(shown).toEqual([{ message: 'The document has been added.', level: 'success' }]);
  });
});
