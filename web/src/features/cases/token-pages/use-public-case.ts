import { applyCaseEventToPublic, type PublicCaseResponse } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { useCaseLive } from '../../../lib/live';
import { apiKey, queryClient, useApiQuery } from '../../../lib/queries';

/** The case behind a token link (no sign-in), kept current by the case's live entries (answers included). */
export function usePublicCase(token: string) {
  const query = useApiQuery(API.cases.publicCase, { params: { token } });
  useCaseLive(
    token,
    {
      seq: query.data?.case.event_seq,
      apply: (message) =>
        queryClient.setQueryData<PublicCaseResponse>(apiKey(API.cases.publicCase, { token }), (page) =>
          page ? applyCaseEventToPublic(page, message) : page,
        ),
      reload: () => void query.refetch(),
    },
    'link',
  );
  return query;
}
