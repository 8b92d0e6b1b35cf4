import { useEffect, useState } from 'react';
import { exportsApi, type ExportAnswer, type ExportShape, type ExportStatusMessage } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { errorMessage } from '../../lib/api-error';
import { download } from '../../lib/files';
import { useExportStatus } from '../../lib/live';

/** How often the state is fetched while no socket event arrives (the socket may be down). */
export const EXPORT_POLL_MS = 5000;

const ORDER: Record<ExportShape['status'], number> = { queued: 0, building: 1, ready: 2, failed: 2, expired: 3 };

export interface ExportProgress {
  current: ExportShape | null;
  starting: boolean;
  error: string | null;
  start: () => Promise<void>;
  save: () => Promise<void>;
}

/** A live message only moves an export forward (a late "building" never hides "ready"). */
function merge(current: ExportShape, message: ExportStatusMessage | undefined): ExportShape {
  if (!message || ORDER[message.status] < ORDER[current.status]) return current;
  return { ...current, status: message.status, file_name: message.file_name, rows: message.rows, error: message.error };
}

/**
 * One export from request to download: `start` asks for it, then progress comes from export.status on the
 * socket, with GET exports/:id every 5 s as a fallback until it is ready, failed or expired.
 */
export function useExport(request: () => Promise<ExportAnswer>): ExportProgress {
  const live = useExportStatus();
  const [asked, setAsked] = useState<ExportShape | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = asked ? merge(asked, live[asked.id]) : null;
  const pending = current !== null && (current.status === 'queued' || current.status === 'building');
  const id = current?.id;

  useEffect(() => {
    if (!pending || id === undefined) return;
    const timer = window.setInterval(() => {
      call(exportsApi.status, { params: { id } }).then(
        (answer) => setAsked((previous) => (previous?.id === id ? answer.export : previous)),
        () => undefined, // a failed poll is tried again; the socket may still deliver
      );
    }, EXPORT_POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending, id]);

  return {
    current,
    starting,
    error,
    async start() {
      setStarting(true);
      setError(null);
      try {
        setAsked((await request()).export);
      } catch (failure) {
        setError(errorMessage(failure));
      } finally {
        setStarting(false);
      }
    },
    async save() {
      if (!current?.file_name) return;
      try {
        await download(exportsApi.download, current.file_name, { params: { id: current.id } });
      } catch (failure) {
        setError(errorMessage(failure));
      }
    },
  };
}
