import { CHECK_ONLY, endpointUrl, IDEMPOTENCY, MESSAGES, type Endpoint, type ResponseOf } from '@casebridge/contracts';
import { ApiError } from './api-error';
import { checkOnlyHeader, currentToken, refreshToken } from './api';

interface FileCallOptions {
  params?: Record<string, string | number>;
  /** Only the server's checks, nothing stored (see call()). */
  checkOnly?: boolean;
  /** Sent as the Idempotency-Key header, as call() does. */
  idempotencyKey?: string;
}

/** Sends with the bearer token; on 401 refreshes once and retries once, like call(). */
async function sendWithToken(url: string, init: RequestInit): Promise<Response> {
  const attempt = (token: string | null) => {
    const headers = new Headers(init.headers);
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return fetch(url, { ...init, headers });
  };
  const token = currentToken();
  let response: Response;
  try {
    response = await attempt(token);
    if (response.status === 401 && token) {
      const fresh = await refreshToken();
      if (fresh) response = await attempt(fresh);
    }
  } catch {
    throw new ApiError(0, MESSAGES.unknownError);
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  return response;
}

/**
 * Posts a multipart form to an endpoint of the contract (call() only speaks JSON).
 * The browser sets the multipart boundary, so no Content-Type header here.
 */
export async function upload<E extends Endpoint>(
  endpoint: E,
  form: FormData,
  options: FileCallOptions = {},
): Promise<ResponseOf<E>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.checkOnly) headers[checkOnlyHeader(endpoint)] = CHECK_ONLY.value;
  if (options.idempotencyKey) headers[IDEMPOTENCY.header] = options.idempotencyKey;
  const response = await sendWithToken(endpointUrl(endpoint, options.params), {
    method: endpoint.method,
    headers,
    body: form,
  });
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as ResponseOf<E>;
}

/** Fetches a file endpoint with the bearer token and hands it to the browser as a download. */
export async function download(endpoint: Endpoint, fallbackName: string, options: FileCallOptions = {}) {
  const response = await sendWithToken(endpointUrl(endpoint, options.params), { method: 'GET' });
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response) ?? fallbackName;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the object URL goes away.
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * Hands a link to the browser as a download: the file streams straight to disk (a signed link of the api or of
 * the object storage, whose answer names the file; `fileName` is the browser's fallback).
 */
export function downloadFromLink(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

function fileNameOf(response: Response): string | null {
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponent(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : null;
}

/** What to show under a form's file input after a failed send: the server's reason for `files`, or the size limit. */
export function filesErrorOf(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  if (error.status === 413) return error.message;
  return error.fieldErrors.files;
}
