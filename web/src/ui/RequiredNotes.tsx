import { useEffect, useRef, useState } from 'react';

/** Said once at the top of a form whose required fields carry the mark (FieldLabel): what the mark means. */
export function RequiredLegend() {
  return (
    <p className="form-required-legend">
      Fields marked <span className="form-required-legend-mark">*</span> are required.
    </p>
  );
}

/**
 * A polite live region naming the fields an answer just made required ("Reason for rejecting is now required."),
 * by their labels: a screen reader hears it, and sighted users read it above the submit button. Nothing on the
 * first render (the marks say it) and nothing for fields that stop being required; a message about a field that is
 * no longer required is taken away silently, so the page never shows stale news.
 */
export function RequiredAnnouncer({ labels }: { labels: readonly string[] }) {
  const previous = useRef<ReadonlySet<string> | null>(null);
  const announced = useRef<readonly string[]>([]);
  const [message, setMessage] = useState('');
  const key = labels.join('\n');
  useEffect(() => {
    const before = previous.current;
    const now = new Set(labels);
    previous.current = now;
    if (!before) return;
    const added = labels.filter((label) => !before.has(label));
    if (added.length > 0) {
      announced.current = added;
      setMessage(`${listed(added)} ${added.length === 1 ? 'is' : 'are'} now required.`);
    } else if (announced.current.some((label) => !now.has(label))) {
      announced.current = [];
      setMessage('');
    }
    // The labels' content is the dependency; a new array of the same labels changes nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return (
    <p className="form-required-news" role="status">
      {message}
    </p>
  );
}

/** "A", "A and B", "A, B and C". */
function listed(labels: readonly string[]): string {
  if (labels.length === 1) return labels[0];
  return `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
}
