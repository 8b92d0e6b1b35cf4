import { caseApi } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useReloadable, useStickyData } from '../cases/use-reloadable';

/** The case behind a token link (no sign-in), reloadable after an answer. */
export function usePublicCase(token: string) {
  const [state, reload] = useReloadable(() => call(caseApi.publicCase, { params: { token } }), [token]);
  const data = useStickyData(state);
  return { state, data, reload };
}
