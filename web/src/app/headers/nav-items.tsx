import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { routePath } from '@casebridge/contracts';

/** One in-app link of a header's navigation list. */
export function NavItem({ to, end, children }: { to: string; end?: boolean; children: ReactNode }) {
  return (
    <li>
      <NavLink to={to} end={end}>
        {children}
      </NavLink>
    </li>
  );
}

/** A link to the public site; it opens in a new tab so the portal session stays in place. */
export function ExternalNavItem({
  href,
  className,
  children,
}: {
  href: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <li>
      <a className={className} href={href} target="_blank" rel="noreferrer">
        {children}
      </a>
    </li>
  );
}

/** Profile and Logout, the tail of every signed-in header. */
export function AccountNavItems() {
  return (
    <>
      <NavItem to={routePath('profile')}>Profile</NavItem>
      <NavItem to={routePath('auth.logout')}>Logout</NavItem>
    </>
  );
}
