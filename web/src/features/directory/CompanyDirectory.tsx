import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { DirectoryEntry } from '@casebridge/contracts';
import { foldText } from '../../ui/combobox-match';
import { directoryEntryName, matchesTerm } from './partner-links';
import { entryKey, PartnerResult } from './PartnerResult';
import './directory.css';

const OTHER = '#';
const LETTERS = [OTHER, ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];

export interface LetterGroup {
  letter: string;
  entries: DirectoryEntry[];
}

/** Entries A to Z by the name shown, under their first letter (accents folded; digits and signs under '#'). */
export function groupByLetter(entries: readonly DirectoryEntry[]): LetterGroup[] {
  const sorted = [...entries].sort((a, b) =>
    directoryEntryName(a).localeCompare(directoryEntryName(b), 'en', { sensitivity: 'base', numeric: true }),
  );
  const byLetter = new Map<string, DirectoryEntry[]>();
  for (const entry of sorted) {
    const first = foldText(directoryEntryName(entry)).charAt(0).toUpperCase();
    const letter = LETTERS.includes(first) ? first : OTHER;
    byLetter.set(letter, [...(byLetter.get(letter) ?? []), entry]);
  }
  return LETTERS.filter((letter) => byLetter.has(letter)).map((letter) => ({ letter, entries: byLetter.get(letter)! }));
}

/** Entries drawn at once: a network of a thousand members would otherwise put thousands of nodes on the dashboard. */
export const DIRECTORY_CHUNK = 120;

/**
 * The groups to draw: from the group of `from` (the first when null) on, at most `limit` entries, cut inside a
 * group when needed; `more` tells whether entries after them are left out.
 */
export function visibleGroups(
  groups: readonly LetterGroup[],
  from: string | null,
  limit: number,
): { shown: LetterGroup[]; more: boolean } {
  const start = Math.max(0, from ? groups.findIndex((group) => group.letter === from) : 0);
  const shown: LetterGroup[] = [];
  let left = limit;
  for (const group of groups.slice(start)) {
    if (left <= 0) return { shown, more: true };
    shown.push(group.entries.length > left ? { ...group, entries: group.entries.slice(0, left) } : group);
    if (group.entries.length > left) return { shown, more: true };
    left -= group.entries.length;
  }
  return { shown, more: false };
}

/** Scrolls the list only (not the page) to a letter's group and moves focus there, so reading continues from it. */
function scrollToHeading(list: HTMLDivElement | null, headingId: string): boolean {
  const heading = document.getElementById(headingId);
  if (!list || !heading?.parentElement) return false;
  // The group's offset: the heading itself is sticky, so its own offset moves while it is stuck.
  list.scrollTop = heading.parentElement.offsetTop;
  heading.focus({ preventScroll: true });
  return true;
}

/**
 * The company directory of the dashboard: every partner A to Z with its tags, to browse rather than
 * search. Typing narrows it at once (names, departments, tags); the letters jump inside the list. The list keeps
 * one height whatever it holds, so nothing below it moves when the directory arrives or is filtered.
 */
export function CompanyDirectory({ directory, loading }: { directory: DirectoryEntry[]; loading: boolean }) {
  const id = useId();
  const [filter, setFilter] = useState('');
  const term = filter.trim();
  const groups = useMemo(
    () => groupByLetter(term ? directory.filter((entry) => matchesTerm(entry, term)) : directory),
    [directory, term],
  );
  const count = groups.reduce((sum, group) => sum + group.entries.length, 0);
  // A long directory is drawn a chunk at a time, from the letter last jumped to.
  const [drawn, setDrawn] = useState<{ from: string | null; limit: number }>({ from: null, limit: DIRECTORY_CHUNK });
  const { shown, more } = visibleGroups(groups, drawn.from, drawn.limit);
  const [focusLetter, setFocusLetter] = useState<string | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const headingId = (letter: string) => `${id}-letter-${letter === OTHER ? 'other' : letter}`;

  const changeFilter = (value: string) => {
    setFilter(value);
    setDrawn({ from: null, limit: DIRECTORY_CHUNK });
  };

  const jumpTo = (letter: string) => {
    if (shown.some((group) => group.letter === letter) && scrollToHeading(listRef.current, headingId(letter))) return;
    // Not drawn yet: draw from that letter, then go there once it is on screen.
    setDrawn({ from: letter, limit: DIRECTORY_CHUNK });
    setFocusLetter(letter);
  };
  const pendingHeading = focusLetter ? headingId(focusLetter) : null;
  useEffect(() => {
    if (pendingHeading && scrollToHeading(listRef.current, pendingHeading)) setFocusLetter(null);
  }, [pendingHeading, shown]);

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <div className="card-title">
        <h2 id={`${id}-title`}>Company Directory</h2>
        {!loading && <span className="muted small">{`${directory.length} partners`}</span>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-filter`}>Filter the directory</label>
        <input
          id={`${id}-filter`}
          type="search"
          value={filter}
          autoComplete="off"
          placeholder="Company, department or tag"
          onChange={(event) => changeFilter(event.target.value)}
        />
      </div>
      <nav className="directory-letters" aria-label="Directory letters">
        {LETTERS.map((letter) => {
          const present = groups.some((group) => group.letter === letter);
          return (
            <button
              key={letter}
              type="button"
              className="directory-letter-button"
              disabled={!present}
              aria-label={letter === OTHER ? 'Jump to names starting with a digit or sign' : `Jump to ${letter}`}
              onClick={() => jumpTo(letter)}
            >
              {letter}
            </button>
          );
        })}
      </nav>
      <p className="visually-hidden" aria-live="polite">
        {term && !loading ? `${count} ${count === 1 ? 'partner matches' : 'partners match'}` : ''}
      </p>
      {/* Scrolls on its own: focusable so keyboard users can scroll it too. */}
      <div className="directory-list" ref={listRef} role="group" aria-label="Partners A to Z" tabIndex={0}>
        {loading ? (
          <p className="muted">Loading the directory…</p>
        ) : count === 0 ? (
          <p className="muted">{term ? `No partners match “${term}”.` : 'No partners yet.'}</p>
        ) : (
          shown.map((group) => (
            <div key={group.letter} className="directory-group">
              <h3 id={headingId(group.letter)} className="directory-letter" tabIndex={-1}>
                {group.letter}
              </h3>
              <ul className="directory-entries" aria-labelledby={headingId(group.letter)}>
                {group.entries.map((entry) => (
                  <li key={entryKey(entry)}>
                    <PartnerResult entry={entry} />
                  </li>
                ))}
              </ul>
            </div>
          ))
        )}
        {!loading && more && (
          <button
            type="button"
            className="button button-secondary button-small directory-more"
            onClick={() => setDrawn({ ...drawn, limit: drawn.limit + DIRECTORY_CHUNK })}
          >
            Show more partners
          </button>
        )}
      </div>
    </section>
  );
}
