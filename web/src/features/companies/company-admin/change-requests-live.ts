import { useEffect } from 'react';
import { SERVER_EVENTS, type ChangeRequestChangedMessage, type ChangeRequestRow } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { signedInSocket } from '../../../lib/live';
import { apiKey, invalidateEndpoints, queryClient } from '../../../lib/queries';

type ChangeRequestList = { change_requests: ChangeRequestRow[] };

const newestFirst = (a: ChangeRequestRow, b: ChangeRequestRow) =>
  b.created_at.localeCompare(a.created_at) || b.id - a.id;

/** The list with `row` in it: replaced where it is, otherwise added in its place (newest first). */
export function placeChangeRequest(rows: readonly ChangeRequestRow[], row: ChangeRequestRow): ChangeRequestRow[] {
  return [...rows.filter((existing) => existing.id !== row.id), row].sort(newestFirst);
}

/**
 * Writes a changed request into the cached lists that show it: the admin's own company list and the back office's
 * list of its company. A list not in the cache is left alone (it is read when its page opens).
 */
export function applyChangeRequest(row: ChangeRequestRow): void {
  const update = (list: ChangeRequestList | undefined) =>
    list ? { change_requests: placeChangeRequest(list.change_requests, row) } : list;
  // The socket brings an admin only its own company's requests, so `mine` is always that company's list.
  queryClient.setQueryData<ChangeRequestList>(apiKey(API.changeRequests.mine), update);
  queryClient.setQueryData<ChangeRequestList>(apiKey(API.changeRequests.company, { id: row.company_id }), update);
}

/**
 * While a page showing change requests is open, each change arrives with its row and is applied in place. After a
 * reconnect the lists are read again once: changes may have been missed meanwhile.
 */
export function useChangeRequestsLive(): void {
  useEffect(() => {
    const socket = signedInSocket();
    let connectedBefore = socket.connected;
    const onChange = (message: ChangeRequestChangedMessage) => applyChangeRequest(message.row);
    const onConnect = () => {
      if (connectedBefore) void invalidateEndpoints(API.changeRequests.mine, API.changeRequests.company);
      connectedBefore = true;
    };
    socket.on(SERVER_EVENTS.changeRequestChanged, onChange);
    socket.on('connect', onConnect);
    return () => {
      socket.off(SERVER_EVENTS.changeRequestChanged, onChange);
      socket.off('connect', onConnect);
    };
  }, []);
}
