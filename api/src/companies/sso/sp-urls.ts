import { API, endpointPath } from '@casebridge/contracts';
import type { ServerConfig } from '@casebridge/server-core';

/** Our side of a company's SAML trust, all absolute URLs under PUBLIC_URL. */
export interface SpUrls {
  /** The SP entity id is the metadata address IT is given, so the audience is self-describing. */
  entityId: string;
  acs: string;
  logout: string;
}

export function spUrls(config: Pick<ServerConfig, 'PUBLIC_URL'>, slug: string): SpUrls {
  const base = config.PUBLIC_URL.replace(/\/$/, '');
  return {
    entityId: `${base}${endpointPath(API.saml.metadata.path, { slug })}`,
    acs: `${base}${endpointPath(API.saml.acs.path, { slug })}`,
    logout: `${base}${endpointPath(API.saml.logout.path, { slug })}`,
  };
}
