import type { MembershipLevel } from '@casebridge/contracts';

/** The network's public web site (events, training, membership pages); set VITE_PUBLIC_SITE_URL per deployment. */
const PUBLIC_SITE_URL = (import.meta.env.VITE_PUBLIC_SITE_URL as string | undefined) ?? 'https://www.casebridge.net';

export const PUBLIC_LINKS = {
  /** The corporate site's home page. */
  site: PUBLIC_SITE_URL,
  events: `${PUBLIC_SITE_URL}/events`,
  training: `${PUBLIC_SITE_URL}/training`,
  membership: (level: MembershipLevel) => `${PUBLIC_SITE_URL}/membership/${level}`,
};
