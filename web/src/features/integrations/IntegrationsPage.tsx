import { isCompanyAdminRole } from '@casebridge/contracts';
import { PageFrame } from '../../app/PageFrame';
import { useSession } from '../../app/session-store';
import { ApiTokensBox } from './ApiTokensBox';
import { OAuthClientsBox } from './OAuthClientsBox';
import { RestApiSection } from './RestApiSection';
import { WebhooksBox } from './WebhooksBox';

/**
 * /admin/integrations (an addition to the original screens): webhooks and OAuth clients (company admins), API tokens
 * (company admins and api users) and where the REST API is documented.
 */
export function IntegrationsPage() {
  const role = useSession((state) => state.role);
  const isAdmin = role !== null && isCompanyAdminRole(role);
  return (
    <PageFrame title="Integrations">
      {isAdmin && <WebhooksBox />}
      {isAdmin && <OAuthClientsBox />}
      <ApiTokensBox isAdmin={isAdmin} />
      <RestApiSection />
    </PageFrame>
  );
}
