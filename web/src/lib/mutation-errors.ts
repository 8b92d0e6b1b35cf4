import { alerts } from '../app/alerts-store';
import { errorMessage } from './api-error';

/** The banner kinds a failed write may show. */
export type ErrorAlertKind = 'warning' | 'danger';

/**
 * What a mutation says about its own failures, as its `meta`. The query client's mutation cache reads it: every
 * failed mutation shows one banner with the server's message unless it handles its errors itself.
 */
export type MutationErrorMeta = {
  /** The kind of the failure banner; 'warning' unless the page's errors are error alerts. */
  errorAlert?: ErrorAlertKind;
  /**
   * The mutation shows its failures itself (a form puts the server's 422 messages under its fields and banners the
   * rest): the cache stays silent, so no failure is ever announced twice.
   */
  handlesErrors?: boolean;
};

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: MutationErrorMeta;
  }
}

/** The server's message of a failure as one banner (a warning unless the page's errors are error alerts). */
export function showErrorAlert(error: unknown, kind: ErrorAlertKind = 'warning'): void {
  alerts.show(errorMessage(error), kind);
}

/**
 * The one default for failed writes (the mutation cache's onError): the server's message as a banner of the kind
 * the mutation chose. TanStack calls this and then the mutation's own onError, so a mutation with an onError that
 * reports must say `handlesErrors`.
 */
export function alertMutationError(error: unknown, meta: MutationErrorMeta | undefined): void {
  if (!meta?.handlesErrors) showErrorAlert(error, meta?.errorAlert);
}
