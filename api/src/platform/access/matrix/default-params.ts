import { MISSING_ID, type Params, type World } from './matrix-types';

/** What `:id` names, by the path it sits in (first match wins). */
function idFor(path: string, world: World): number {
  const table: [RegExp, number][] = [
    [/^auth\/super_admin\/login_as_user/, world.users['caller@acme.test']],
    [/^caller\/companies/, world.companies.globex],
    [/^caller\/documents\/:documentId\/files/, world.owned.documentFile],
    [/^caller\/partner_groups/, world.groupDocument],
    [/attachments\/:id/, world.owned.attachment],
    [/^(v1\/)?webhooks/, world.owned.webhook],
    // Globex's form, open to Acme through its partner group.
    [/^v1\/documents/, world.targets.collaboration.documentId],
    [/^api-tokens/, world.owned.apiToken],
    // No client exists in the shared world: rotating or revoking one would break the others' calls.
    [/^oauth-clients/, MISSING_ID],
    [/^exports/, world.owned.export],
    [/^admin\/company\/:id/, world.companies.acme],
    [/registration\/:id/, world.pendingRegistration],
    [/users\/:id/, world.users['caller@acme.test']],
    [/^super_admin\/companies/, world.companies.acme],
    [/^super_admin\/groups/, world.groups.acme],
    [/^super_admin\/contact_documents/, world.documents.acme],
    [/^super_admin\/departments/, world.departments.acme],
    [/^super_admin\/email_templates/, world.emailTemplate],
    [/^super_admin\/onboarding/, world.onboardingSession],
    [/^super_admin\/escalation/, 1],
  ];
  const found = table.find(([pattern]) => pattern.test(path));
  if (!found) throw new Error(`matrix: no default :id for ${path}; give the row its params`);
  return found[1];
}

/** Acme's own ids (or a harmless value) for every path parameter; rows override where they need another. */
export function defaultParams(path: string, world: World): Params {
  const names = [...path.matchAll(/:([A-Za-z_]+)/g)].map(([, name]) => name);
  const value = (name: string): string | number => {
    switch (name) {
      case 'id':
        return idFor(path, world);
      case 'token':
        return world.cases.acmeGlobex;
      case 'slug':
        return 'acme';
      case 'vhost':
        return 'storage-alliance';
      case 'type':
        return 'company';
      case 'entity_id':
        return world.companies.globex;
      case 'documentId':
        return path.startsWith('caller/') ? world.documents.globex : world.documents.acme;
      case 'groupId':
      case 'community_id':
        return world.groups.acme;
      case 'userId':
      case 'user_id':
        return world.users['caller@acme.test'];
      case 'companyId':
      case 'company_id':
        return world.companies.acme;
      case 'departmentId':
        return world.departments.acme;
      case 'relationId':
      case 'partnerId':
        return world.relations.acme;
      case 'session_id':
        return world.onboardingSession;
      case 'case_id':
        return 1;
      // No change request exists in the matrix world: marking one done must not change a row for good.
      case 'request_id':
        return MISSING_ID;
      // Nor a webhook delivery of its own: sending one again would reach out of the test.
      case 'deliveryId':
        return MISSING_ID;
      case 'scope':
        return 'company';
      case 'days':
        return 30;
      case 'start':
        return '2020-01-01';
      case 'end':
        return '2030-12-31';
      case 'filter':
        return 'all';
      case 'flag':
        return 'dashboard';
      case 'kind':
        return 'agreement';
      case 'action':
        return 'approve';
      case 'page':
        return 1;
      default:
        throw new Error(`matrix: no default for :${name} in ${path}`);
    }
  };
  return Object.fromEntries(names.map((name) => [name, value(name)]));
}
