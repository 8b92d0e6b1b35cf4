import { routePath, type DirectoryEntry, type Favorite } from '@casebridge/contracts';

/** submit-case path of a directory entry: /case/{company|department}/{id}. */
export function directoryEntryPath(entry: DirectoryEntry): string {
  const isDepartment = entry.type === 'department' && entry.department_id !== null;
  return routePath('submit-case', {
    type: isDepartment ? 'department' : 'company',
    entity_id: isDepartment ? (entry.department_id as number) : entry.company_id,
  });
}

export function directoryEntryName(entry: DirectoryEntry): string {
  return entry.type === 'department' && entry.department_name
    ? `${entry.company_name} – ${entry.department_name}`
    : entry.company_name;
}

export function favoritePath(favorite: Favorite): string {
  return favorite.department_id !== null
    ? routePath('submit-case', { type: 'department', entity_id: favorite.department_id })
    : routePath('submit-case', { type: 'company', entity_id: favorite.company_id });
}

/** Case-insensitive match over company and department names and tags. */
export function matchesTerm(entry: DirectoryEntry, term: string): boolean {
  const needle = term.toLowerCase();
  const haystack = [entry.company_name, entry.department_name ?? '', ...entry.tags.map((tag) => tag.tag)];
  return haystack.some((text) => text.toLowerCase().includes(needle));
}
