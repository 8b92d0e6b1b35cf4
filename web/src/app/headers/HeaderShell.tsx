import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** Brand on the left, navigation on the right; shared by the three headers. */
export function HeaderShell({ home, label, children }: { home: string; label: string; children?: ReactNode }) {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to={home} className="brand">
          Casebridge
        </Link>
        {children && (
          <nav aria-label={label} className="site-nav">
            <ul>{children}</ul>
          </nav>
        )}
      </div>
    </header>
  );
}
