import type { ReactNode } from 'react';
import { type SuperAdminGroup } from '@casebridge/contracts';
import { API } from '../../../lib/api-routes';
import { download } from '../../../lib/files';
import { useFileDownload } from '../../../lib/mutations';

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** The first words of the rich-text instructions, as plain text. */
function summary(html: string | null, length = 280): string {
  const text = new DOMParser().parseFromString(html ?? '', 'text/html').body.textContent?.trim() ?? '';
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

/** Program details of the partner-program view. */
export function ProgramDetails({ group }: { group: SuperAdminGroup }) {
  const save = useFileDownload({ loader: true });
  const openAddendum = () =>
    save(() =>
      download(API.superAdminGroups.addendum, `${group.addendum_name ?? 'addendum'}.pdf`, { params: { id: group.id } }),
    );

  const rows: [string, ReactNode][] = [
    ['Host', group.host?.name ?? ''],
    ['Department', group.department?.name ?? 'All Departments'],
    ['Process', group.document?.name ?? ''],
    ['Status', group.status === 'active' ? 'Active' : 'Inactive'],
    ['Vhost', group.vhost ?? ''],
    [
      'Registration Page',
      group.registration_page ? (
        <a href={group.registration_page} target="_blank" rel="noopener noreferrer">
          {group.registration_page}
        </a>
      ) : (
        ''
      ),
    ],
    ['Host Email', group.host_email ?? ''],
    ['Price (one year)', dollars.format(group.price)],
    ['Price (three years)', dollars.format(group.price_three_years)],
    ['Instructions', summary(group.instructions)],
    [
      'Links',
      group.links.length ? (
        <ul className="plain-list">
          {group.links.map((link) => (
            <li key={link.url}>
              <a href={link.url} target="_blank" rel="noopener noreferrer">
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        ''
      ),
    ],
    ['Force Addendum', group.force_addendum ? 'Yes' : 'No'],
    [
      'Registration Status Url',
      group.registration_status_url ? (
        <a href={group.registration_status_url} target="_blank" rel="noopener noreferrer">
          {group.registration_status_url}
        </a>
      ) : (
        ''
      ),
    ],
    [
      'Banner',
      group.banner_url ? <img className="program-banner" src={group.banner_url} alt="Group banner" /> : 'None',
    ],
    [
      'Addendum',
      group.addendum ? (
        <button type="button" className="link-button" onClick={openAddendum}>
          {group.addendum_name ?? 'Addendum'} (PDF)
        </button>
      ) : (
        'None'
      ),
    ],
  ];

  return (
    <section className="card" aria-labelledby="program-details-title">
      <h2 id="program-details-title">Program Details</h2>
      <dl className="program-details">
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
