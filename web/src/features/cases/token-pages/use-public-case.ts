import { applyCaseEventToPublic, caseApi, type PublicCaseResponse } from '@casebridge/contracts';
import { useCaseLive } from '../../../lib/live';
import { apiKey, queryClient, useApiQuery } from '../../../lib/queries';

/** The case behind a token link (no sign-in), kept current by the case's live entries (answers included). */
export function usePublicCase(token: string) {
  const query = useApiQuery(caseApi.publicCase, { params: { token } });
  useCaseLive(
    token,
    {
      seq: query.data?.case.event_seq,
      apply: (message) =>
        queryClient.setQueryData<PublicCaseResponse>(apiKey(caseApi.publicCase, { token }), (page) =>
          page ? applyCaseEventToPublic(page, message) : page,
        ),
      reload: () => void query.refetch(),
    },
    'link',
  );
  return query;
}
