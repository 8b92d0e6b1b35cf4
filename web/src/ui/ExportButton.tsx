import type { ExportAnswer } from '@casebridge/contracts';
import { useExport } from '../lib/use-export';

interface ExportButtonProps {
  label: string;
  /** Asks the api for the export (POST exports, or a report's own export call). */
  request: () => Promise<ExportAnswer>;
  /** Disabled while the page's inputs are not valid. */
  disabled?: boolean;
}

/** The one export control of the product: ask, watch it being built (queued, building), download when ready. */
export function ExportButton({ label, request, disabled }: ExportButtonProps) {
  const { current, starting, error, start, save } = useExport(request);
  const status = current?.status;
  const working = starting || status === 'queued' || status === 'building';

  return (
    <div className="export-control">
      {status === 'ready' ? (
        <>
          <button type="button" className="button" onClick={save}>
            Download {current?.file_name}
          </button>
          <button type="button" className="link-button" onClick={start} disabled={disabled}>
            Export again
          </button>
        </>
      ) : (
        <button type="button" className="button" onClick={start} disabled={disabled || working}>
          {label}
        </button>
      )}
      <span className="export-status" role="status" aria-live="polite">
        {starting && 'Requesting…'}
        {status === 'queued' && 'Queued: waiting for a free worker…'}
        {status === 'building' && 'Building the spreadsheet…'}
        {status === 'ready' && `Ready: ${current?.rows ?? 0} ${current?.rows === 1 ? 'row' : 'rows'}.`}
        {status === 'failed' && `The export failed: ${current?.error ?? 'unknown error'}. Try again.`}
        {status === 'expired' && 'This export has expired. Export again.'}
      </span>
      {error && (
        <p className="notice notice-warning" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
