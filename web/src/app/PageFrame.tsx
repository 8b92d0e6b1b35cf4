import { useEffect, type ReactNode } from 'react';

interface PageFrameProps {
  title: string;
  /** The page draws its own heading (e.g. a company header). */
  hideTitle?: boolean;
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame every page sits in: its title (also in the browser tab) and its content. */
export function PageFrame({ title, hideTitle, actions, children }: PageFrameProps) {
  useEffect(() => {
    document.title = `${title} | Casebridge`;
  }, [title]);
  return (
    <div className="page">
      {!hideTitle && (
        <div className="page-title">
          <h1>{title}</h1>
          {actions && <div className="page-actions">{actions}</div>}
        </div>
      )}
      {children}
    </div>
  );
}
