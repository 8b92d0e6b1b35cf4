import { useState } from 'react';
import './landing.css';

function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word.charAt(0).toUpperCase())
    .join('');
}

/** The company's logo resource, or its initials when there is none. */
export function CompanyLogo({ slug, name, size = 96 }: { slug: string; name: string; size?: number }) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <div className="logo-initials" style={{ width: size, height: size }} role="img" aria-label={`${name} logo`}>
        {initialsOf(name)}
      </div>
    );
  }
  return (
    <img
      className="company-logo"
      src={`/resources/company_logo/${encodeURIComponent(slug)}`}
      alt={`${name} logo`}
      width={size}
      height={size}
      onError={() => setFailed(true)}
    />
  );
}
