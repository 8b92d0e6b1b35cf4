/** How long an outside service may take to answer before the attempt counts as failed. */
export const OUTBOUND_TIMEOUT_MS = 15_000;

export type OutboundResult = { ok: true; status: number } | { ok: false; status: number | null; error: string };

/**
 * POSTs to a service outside Casebridge that the operator configured (the collaboration service). Never throws: a
 * refused connection or timeout is a result like a 500. Redirects are not followed (a receiver must give its final
 * address), and the answer's body is discarded. URLs that users supply go through postToUserTarget instead.
 */
export async function postOutbound(
  url: string,
  init: { body: string | FormData; headers?: Record<string, string> },
  isSuccess: (status: number) => boolean,
): Promise<OutboundResult> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      body: init.body,
      headers: init.headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(OUTBOUND_TIMEOUT_MS),
    });
    await response.body?.cancel().catch(() => undefined);
    if (isSuccess(response.status)) return { ok: true, status: response.status };
    return { ok: false, status: response.status, error: `HTTP ${response.status} ${response.statusText}`.trim() };
  } catch (error) {
    return { ok: false, status: null, error: describeNetworkError(error) };
  }
}

/** fetch reports "fetch failed" and hides the reason (ECONNREFUSED, ENOTFOUND...) in `cause`. */
function describeNetworkError(error: unknown): string {
  // Duck-typed: errors thrown by fetch may come from another realm (instanceof Error fails there).
  const { message, cause } = (error ?? {}) as { message?: unknown; cause?: { code?: unknown; message?: unknown } };
  const text = typeof message === 'string' ? message : String(error);
  const detail = cause?.code ?? cause?.message;
  return typeof detail === 'string' ? `${text} (${detail})` : text;
}
