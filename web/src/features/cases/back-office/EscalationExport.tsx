import { useState } from 'react';
import { type EscalationFilter } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { call } from '../../../lib/api';
import { TextField } from '../../../ui/fields';
import { ExportButton } from '../../../ui/ExportButton';

/**
 * The escalation queue's spreadsheet: the chosen filter with optional start and end days. A lone
 * end date is sent with 0 as its start.
 */
export function EscalationExport({ filter }: { filter: EscalationFilter }) {
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const api = API.superAdminEscalation;

  const request = () => {
    if (end) return call(api.reportRange, { params: { filter, start: start || '0', end } });
    if (start) return call(api.reportFrom, { params: { filter, start } });
    return call(api.report, { params: { filter } });
  };

  return (
    <div className="escalation-export">
      <div className="field-row">
        <TextField label="Start Date" type="date" value={start} onChange={(event) => setStart(event.target.value)} />
        <TextField label="End Date" type="date" value={end} onChange={(event) => setEnd(event.target.value)} />
      </div>
      <ExportButton label="Export" request={request} disabled={!!start && !!end && start > end} />
    </div>
  );
}
