import { MESSAGES, type CaseDetail, type CaseEntry } from '@casebridge/contracts';
import { priorityLabel } from './case-format';
import './cases.css';

/** Left column of the case detail: what the submitter sent. */
export function CaseInformation({ entry }: { entry: CaseEntry | CaseDetail }) {
  const { engineer } = entry;
  // Hidden fields carry routing values for the receiver's tools, not for people.
  const customerRows = entry.customer_data.filter((row) => row.type !== 'hidden');
  return (
    <section className="card case-info" aria-labelledby="case-info-title">
      <h2 id="case-info-title">Case Information</h2>
      <dl className="case-facts">
        <dt>Case#</dt>
        <dd>{entry.internal_case_number}</dd>
        <dt>Summary</dt>
        <dd>{entry.summary}</dd>
        <dt>Description</dt>
        <dd className="pre-wrap">{entry.description}</dd>
        <dt>Priority</dt>
        <dd>{priorityLabel(entry.priority)}</dd>
        <dt>Engineer</dt>
        <dd>
          {engineer.first_name} {engineer.last_name}
          <br />
          <a href={`mailto:${engineer.email}`}>{engineer.email}</a>
          {engineer.phone && (
            <>
              <br />
              {engineer.phone}
            </>
          )}
        </dd>
      </dl>
      <h3>Customer Data</h3>
      {entry.customer_data_purged ? (
        <p className="notice">{MESSAGES.customerDataNotice}</p>
      ) : customerRows.length === 0 ? (
        <p className="muted">No customer data was sent with this case.</p>
      ) : (
        sectionsOf(customerRows).map(([section, rows]) => (
          <div key={section}>
            <h4 className="case-section-title">{sectionTitle(section)}</h4>
            <dl className="case-facts">
              {rows.map((row, index) => (
                <CustomerRow key={`${row.field}-${index}`} field={row.field} value={row.value} />
              ))}
            </dl>
          </div>
        ))
      )}
      {!entry.customer_data_purged && <p className="muted small">{MESSAGES.customerDataNotice}</p>}
    </section>
  );
}

type CustomerDataRow = CaseEntry['customer_data'][number];

/** Rows grouped by their form section, in the order the form had them. */
function sectionsOf(rows: CustomerDataRow[]): [string, CustomerDataRow[]][] {
  const sections = new Map<string, CustomerDataRow[]>();
  for (const row of rows) sections.set(row.section, [...(sections.get(row.section) ?? []), row]);
  return [...sections.entries()];
}

const SECTION_TITLES: Record<string, string> = {
  common_customer_section: 'Customer',
  problem_section: 'Problem',
  contact_section: 'Contact',
};

function sectionTitle(section: string): string {
  return SECTION_TITLES[section] ?? section;
}

function CustomerRow({ field, value }: { field: string; value: string | null }) {
  return (
    <>
      <dt>{field}</dt>
      <dd className="pre-wrap">{value || '—'}</dd>
    </>
  );
}
