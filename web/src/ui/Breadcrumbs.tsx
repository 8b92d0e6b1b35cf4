import { Link } from 'react-router-dom';

interface Crumb {
  label: string;
  to: string;
}

/** Links up the trail, then the current page. */
export function Breadcrumbs({ trail, current }: { trail: readonly Crumb[]; current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumb">
      <ol>
        {trail.map((crumb) => (
          <li key={crumb.to}>
            <Link to={crumb.to}>{crumb.label}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
