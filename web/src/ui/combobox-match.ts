export interface ComboboxOption {
  value: string;
  label: string;
}

/** Lower case without accents, so "aland" finds "Åland Islands" and "sao" finds "São Tomé". */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/**
 * The options a typed text matches, best first: those whose label starts with it, then those with a word starting
 * with it ("york" finds "America/New York"), then any other containing it. The list's own order is kept within each
 * group. An empty text matches everything.
 */
export function matchOptions<T extends ComboboxOption>(options: readonly T[], text: string): T[] {
  const needle = foldText(text.trim());
  if (!needle) return [...options];
  const ranked: T[][] = [[], [], []];
  for (const option of options) {
    const label = foldText(option.label);
    const at = label.indexOf(needle);
    if (at < 0) continue;
    if (at === 0) ranked[0].push(option);
    else if (startsAWord(label, needle, at)) ranked[1].push(option);
    else ranked[2].push(option);
  }
  return ranked.flat();
}

function startsAWord(label: string, needle: string, first: number): boolean {
  for (let at = first; at >= 0; at = label.indexOf(needle, at + 1)) {
    if (!/[\p{L}\p{N}]/u.test(label[at - 1] ?? '')) return true;
  }
  return false;
}
