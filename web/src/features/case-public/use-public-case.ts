import { caseApi } from '@casebridge/contracts';
import { call } from '../../lib/api';
import { useCaseLive } from '../../lib/live';
import { useReloadable, useStickyData } from '../cases/use-reloadable';

/** The case behind a token link (no sign-in), reloaded after an answer and whenever the case changes. */
export function usePublicCase(token: string) {
  const [state, reload] = useReloadable(() => call(caseApi.publicCase, { params: { token } }), [token]);
  const data = useStickyData(state);
  useCaseLive(token, reload, 'link');
  return { state, data, reload };
}
