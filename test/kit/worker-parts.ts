/**
 * The worker's pieces that api tests drive directly: the relay the worker writes to (the api's consumer reads it),
 * the cell rule every export applies (an oracle for the sheets the api's exports produce), and the case audit
 * timeline's read. The kit is the one place where tests of one app reach into the other.
 */
export { relayStreamKey, relayToBrowsers } from '../../worker/src/realtime/relay';
export { safeCell } from '../../worker/src/exports/spreadsheet-cell';
export { caseAuditSource } from '../../worker/src/exports/sources/case-audit.source';
