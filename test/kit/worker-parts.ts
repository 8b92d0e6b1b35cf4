/**
 * The worker's pieces that api tests drive directly: the relay the worker writes to (the api's consumer reads it)
 * and the cell rule every export applies (an oracle for the sheets the api's exports produce). The kit is the one
 * place where tests of one app reach into the other.
 */
export { relayStreamKey, relayToBrowsers } from '../../worker/src/realtime/relay';
export { safeCell } from '../../worker/src/exports/spreadsheet-cell';
