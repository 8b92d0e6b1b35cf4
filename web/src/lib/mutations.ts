import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import type { BodyOf, Endpoint, QueryOf, ResponseOf } from '@casebridge/contracts';
import { alerts } from '../app/alerts-store';
import { withLoader } from '../ui/modal-store';
import { call } from './api';
import { upload } from './files';
import type { ErrorAlertKind } from './mutation-errors';
import { invalidateEndpoints } from './queries';

/** What one write sends; every part is optional, so a write that needs none is `mutate()`. */
export interface ApiMutationVariables<E extends Endpoint> {
  params?: Record<string, string | number>;
  query?: QueryOf<E> | Record<string, string | number | boolean | null | undefined>;
  body?: BodyOf<E>;
  /** Fields and files sent as multipart/form-data (with `params` and `idempotencyKey` only). */
  form?: FormData;
  /** The attempt's key (useIdempotencyKey), so a repeat is done once by the server. */
  idempotencyKey?: string;
}

export type ApiMutationInput<E extends Endpoint> = ApiMutationVariables<E> | void;

/** An endpoint with its path parameters: where a form or list shared by several pages sends. */
export interface ApiTarget<E extends Endpoint> {
  endpoint: E;
  params?: Record<string, string | number>;
}

type BaseOptions<E extends Endpoint> = Omit<
  UseMutationOptions<ResponseOf<E>, Error, ApiMutationInput<E>>,
  'mutationFn' | 'meta' | 'onError'
>;

/**
 * Who reports a failure. By default the mutation cache shows the server's message as one banner of `errorAlert`'s
 * kind; a mutation that reports its own failures (onError, or a form's submit that catches them) says
 * `handlesErrors`, and only then may it have an onError: a failure is never announced twice.
 */
type ErrorHandling<E extends Endpoint> =
  | { errorAlert?: ErrorAlertKind; handlesErrors?: false; onError?: never }
  | {
      handlesErrors: true;
      errorAlert?: never;
      onError?: UseMutationOptions<ResponseOf<E>, Error, ApiMutationInput<E>>['onError'];
    };

export type ApiMutationOptions<E extends Endpoint> = BaseOptions<E> &
  ErrorHandling<E> & {
    /** Endpoints whose cached answers this write changes: marked stale (and refetched if shown) on success. */
    invalidates?: readonly Pick<Endpoint, 'method' | 'path'>[];
    /** A success banner: this text, or the one made from the answer (nothing shown when it gives none). */
    success?: string | ((answer: ResponseOf<E>, variables: ApiMutationInput<E>) => string | null | undefined);
    /** Shows the page-wide loader while the request runs (the write blocks the page until answered). */
    loader?: boolean;
  };

function send<E extends Endpoint>(endpoint: E, variables: ApiMutationInput<E>): Promise<ResponseOf<E>> {
  const { form, params, ...rest } = variables ?? {};
  if (form) return upload(endpoint, form, { params, idempotencyKey: rest.idempotencyKey });
  return call(endpoint, { params, ...rest });
}

/**
 * One write to the api, typed by its contract endpoint: `mutate({ params, body })` sends it. On success it shows
 * the `success` banner, runs `onSuccess`, then invalidates the `invalidates` endpoints (not awaited: the write is
 * done, the refetch is the page's). Failures follow ErrorHandling. A failure also rejects `mutateAsync`; `mutate`
 * swallows it, so use `mutate` (with per-call callbacks for steps that follow) unless a form's submit catches.
 */
export function useApiMutation<E extends Endpoint>(
  endpoint: E,
  {
    invalidates = [],
    success,
    loader = false,
    errorAlert,
    handlesErrors,
    onSuccess,
    ...options
  }: ApiMutationOptions<E> = {},
): UseMutationResult<ResponseOf<E>, Error, ApiMutationInput<E>> {
  return useMutation({
    ...options,
    meta: { errorAlert, handlesErrors },
    mutationFn: (variables) => (loader ? withLoader(send(endpoint, variables)) : send(endpoint, variables)),
    onSuccess: (answer, variables, onMutateResult, context) => {
      const text = typeof success === 'function' ? success(answer, variables) : success;
      if (text) alerts.show(text, 'success');
      const after = onSuccess?.(answer, variables, onMutateResult, context);
      // Last: the page's own updates (its cache writes, its state) are in place before anything is read again.
      if (invalidates.length > 0) void invalidateEndpoints(...invalidates);
      return after;
    },
  });
}

/**
 * A file fetched on a click (download(), or a page's own file fetch): a one-shot request like a write, so a failure
 * is the same warning banner. Returns `save(fetchFile)`, which runs it (under the page-wide loader with `loader`).
 */
export function useFileDownload({ loader = false }: { loader?: boolean } = {}): (
  fetchFile: () => Promise<void>,
) => void {
  const { mutate } = useMutation({
    mutationFn: (fetchFile: () => Promise<void>) => (loader ? withLoader(fetchFile()) : fetchFile()),
  });
  return mutate;
}

/**
 * Awaits a mutation whose failure is already reported (the cache's banner, or its own onError): its answer, or
 * undefined after a failure, so a sequence of steps stops there without announcing the failure again.
 */
export function answerOrUndefined<T>(sending: Promise<T>): Promise<T | undefined> {
  return sending.catch(() => undefined);
}
