import { useEffect, useState } from 'react';
import { LIMITS } from '@casebridge/contracts';

/** How long typing must pause before a list's search is sent. */
const SEARCH_PAUSE_MS = 300;

/**
 * A list's search box: the text as typed, and the term sent to the server, from LIMITS.searchMinChars characters,
 * a moment after typing stops (a shorter text sends no term). `onSettled` runs when the sent term changes (back to
 * the first page).
 */
export function useListSearch(onSettled: () => void): { text: string; setText: (text: string) => void; term: string } {
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  useEffect(() => {
    const trimmed = text.trim();
    const timer = window.setTimeout(() => {
      const next = trimmed.length >= LIMITS.searchMinChars ? trimmed : '';
      setTerm((previous) => {
        if (previous !== next) onSettled();
        return next;
      });
    }, SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
    // onSettled is the caller's page reset; only the typed text starts a new wait.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text]);
  return { text, setText, term };
}
