import { useEffect, useId, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';

/**
 * Brand on the left, navigation on the right; shared by the three headers. On a phone-sized screen the navigation
 * folds behind a Menu button (styles/layout.css); `actions` (for example a notification bell) stay beside that button,
 * outside the menu, on every screen size.
 */
export function HeaderShell({
  home,
  label,
  actions,
  children,
}: {
  home: string;
  label: string;
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const navId = useId();
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // A chosen entry leads to another page: the menu closes behind it.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', closeOnEscape);
    return () => document.removeEventListener('keydown', closeOnEscape);
  }, [open]);

  return (
    <header className="site-header" data-menu={open ? 'open' : 'closed'}>
      <div className="site-header-inner">
        <Link to={home} className="brand">
          Casebridge
        </Link>
        {(actions || children) && (
          <div className="site-header-actions">
            {actions}
            {children && (
              <button
                type="button"
                className="menu-toggle"
                aria-expanded={open}
                aria-controls={navId}
                onClick={() => setOpen((was) => !was)}
              >
                <span aria-hidden="true" className="menu-toggle-icon" />
                Menu
              </button>
            )}
          </div>
        )}
        {children && (
          // Any entry taken closes the menu, the current page's own entry too.
          <nav
            id={navId}
            aria-label={label}
            className="site-nav"
            onClick={(event) => {
              if ((event.target as Element).closest('a, button')) setOpen(false);
            }}
          >
            <ul>{children}</ul>
          </nav>
        )}
      </div>
    </header>
  );
}
