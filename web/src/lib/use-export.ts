import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { type ExportAnswer, type ExportShape, type ExportStatusMessage } from '@casebridge/contracts';
import { API } from './api-routes';
import { errorMessage } from './api-error';
import { call } from './api';
import { downloadFromLink } from './files';
import { useExportStatus } from './live';
import { apiKey, queryClient, useApiQuery } from './queries';

/** How often the state is fetched while no socket event arrives (the socket may be down). */
export const EXPORT_POLL_MS = 5000;

const ORDER: Record<ExportShape['status'], number> = { queued: 0, building: 1, ready: 2, failed: 2, expired: 3 };

export interface ExportProgress {
  current: ExportShape | null;
  starting: boolean;
  error: string | null;
  start: () => void;
  save: () => void;
}

/** A live message only moves an export forward (a late "building" never hides "ready"). */
function merge(current: ExportShape, message: ExportStatusMessage | undefined): ExportShape {
  if (!message || ORDER[message.status] < ORDER[current.status]) return current;
  return { ...current, status: message.status, file_name: message.file_name, rows: message.rows, error: message.error };
}

const isPending = (shape: ExportShape) => shape.status === 'queued' || shape.status === 'building';

/**
 * One export from request to download: `start` asks for it, then progress comes from export.status on the
 * socket, with GET exports/:id every 5 s as a fallback until it is ready, failed or expired.
 */
export function useExport(request: () => Promise<ExportAnswer>): ExportProgress {
  const live = useExportStatus();
  const [asked, setAsked] = useState<ExportShape | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The request is the caller's (an export of its own endpoint, or POST exports), so a plain mutation; its
  // failure, like a failed download, is this control's own text, not a banner.
  const ask = useMutation({
    mutationFn: request,
    meta: { handlesErrors: true },
    onMutate: () => setError(null),
    onSuccess: (answer) => {
      queryClient.setQueryData(apiKey(API.exports.status, { id: answer.export.id }), answer);
      setAsked(answer.export);
    },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const saveFile = useMutation({
    // A short-lived link the browser downloads by itself: streamed to disk, never held in the page's memory.
    mutationFn: async (ready: ExportShape & { file_name: string }) =>
      downloadFromLink((await call(API.exports.link, { params: { id: ready.id } })).url, ready.file_name),
    meta: { handlesErrors: true },
    onError: (failure) => setError(errorMessage(failure)),
  });
  const id = asked?.id;
  // The answer of the request seeds this read (see start), so the first poll waits its interval; a failed poll is
  // tried again at the next one, as the socket may still deliver.
  const polled = useApiQuery(API.exports.status, {
    params: { id: id ?? 0 },
    enabled: id !== undefined,
    refetchInterval: (query) =>
      asked && isPending(merge(query.state.data?.export ?? asked, live[asked.id])) ? EXPORT_POLL_MS : false,
    refetchIntervalInBackground: true,
  });
  const current = asked ? merge(polled.data?.export ?? asked, live[asked.id]) : null;

  return {
    current,
    starting: ask.isPending,
    error,
    start: () => ask.mutate(),
    save: () => {
      if (current?.file_name) saveFile.mutate({ ...current, file_name: current.file_name });
    },
  };
}
