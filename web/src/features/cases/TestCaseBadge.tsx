import './cases.css';

/** Marks a case sent to the sandbox partner: a trial, kept out of reports and response-time tracking. */
export function TestCaseBadge({ isTest }: { isTest: boolean }) {
  if (!isTest) return null;
  return (
    <span className="badge test-case-badge" title="Sent to the sandbox partner: not counted in reports or SLA">
      Test
    </span>
  );
}
