import { endpointUrl, type Endpoint } from '@casebridge/contracts';
import { ApiError, currentToken, refreshToken } from '../../../lib/api';

function send(url: string, token: string | null): Promise<Response> {
  return fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** Downloads a file endpoint with the bearer token (one refresh on 401) and saves it under `filename`. */
export async function downloadFile(
  endpoint: Endpoint,
  params: Record<string, string | number>,
  filename: string,
): Promise<void> {
  const url = endpointUrl(endpoint, params);
  let response = await send(url, currentToken());
  if (response.status === 401) {
    const fresh = await refreshToken();
    if (fresh) response = await send(url, fresh);
  }
  if (!response.ok) throw await ApiError.fromResponse(response);
  const blob = await response.blob();
  const link = document.createElement('a');
  link.href = URL.createObjectURL(blob);
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address is released.
  window.setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}
