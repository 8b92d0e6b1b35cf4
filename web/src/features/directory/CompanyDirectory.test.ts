import { describe, expect, it } from 'vitest';
import type { DirectoryEntry } from '@casebridge/contracts';
import { groupByLetter, visibleGroups } from './CompanyDirectory';

let nextId = 1;
function company(name: string): DirectoryEntry {
  const id = nextId++;
  return {
    type: 'company',
    company_id: id,
    company_name: name,
    department_id: null,
    department_name: null,
    has_access: true,
    tags: [],
    logo: null,
  };
}
function department(companyName: string, name: string): DirectoryEntry {
  return { ...company(companyName), type: 'department', department_id: nextId++, department_name: name };
}

const shown = (groups: ReturnType<typeof groupByLetter>) =>
  groups.map(({ letter, entries }) => [
    letter,
    entries.map((entry) => entry.company_name + (entry.department_name ? `/${entry.department_name}` : '')),
  ]);

describe('groupByLetter', () => {
  it('groups A to Z under the first letter of the shown name, sorted within each letter', () => {
    const groups = groupByLetter([company('Zeta'), company('beta'), company('Alpha'), company('Bravo')]);
    expect(shown(groups)).toEqual([
      ['A', ['Alpha']],
      ['B', ['beta', 'Bravo']],
      ['Z', ['Zeta']],
    ]);
  });

  it('folds accents into their letter and sorts them with it', () => {
    const groups = groupByLetter([company('Eagle'), company('Élan'), company('Ñandú'), company('Nova')]);
    expect(shown(groups)).toEqual([
      ['E', ['Eagle', 'Élan']],
      ['N', ['Ñandú', 'Nova']],
    ]);
  });

  it('puts names starting with a digit, a sign or another script under # first', () => {
    const groups = groupByLetter([company('Acme'), company('3M'), company('@home'), company('Ωmega')]);
    expect(groups.map((group) => group.letter)).toEqual(['#', 'A']);
    expect(groups[0].entries.map((entry) => entry.company_name).sort()).toEqual(['3M', '@home', 'Ωmega'].sort());
  });

  it('sorts numbers inside names by value', () => {
    const groups = groupByLetter([company('Lab 10'), company('Lab 2'), company('Lab 1')]);
    expect(shown(groups)).toEqual([['L', ['Lab 1', 'Lab 2', 'Lab 10']]]);
  });

  it('files a department by its company name followed by the department', () => {
    const groups = groupByLetter([department('Zen Corp', 'Alpha team'), company('Zen Corp'), company('Apex')]);
    expect(shown(groups)).toEqual([
      ['A', ['Apex']],
      ['Z', ['Zen Corp', 'Zen Corp/Alpha team']],
    ]);
  });

  it('leaves out letters without entries and does not change its input', () => {
    const input = [company('Yak'), company('Bee')];
    const groups = groupByLetter(input);
    expect(groups.map((group) => group.letter)).toEqual(['B', 'Y']);
    expect(input.map((entry) => entry.company_name)).toEqual(['Yak', 'Bee']);
    expect(groupByLetter([])).toEqual([]);
  });
});

describe('visibleGroups', () => {
  const names = (groups: ReturnType<typeof visibleGroups>['shown']) =>
    groups.map((group) => `${group.letter}:${group.entries.map((entry) => entry.company_name).join(',')}`);
  const groups = groupByLetter(['Able', 'Acme', 'Bolt', 'Brio', 'Bravo', 'Cargo'].map(company));

  it('draws everything when the directory is within the limit', () => {
    const { shown, more } = visibleGroups(groups, null, 10);
    expect(names(shown)).toEqual(['A:Able,Acme', 'B:Bolt,Bravo,Brio', 'C:Cargo']);
    expect(more).toBe(false);
  });

  it('stops at the limit, inside a group if need be, and says more is left', () => {
    const { shown, more } = visibleGroups(groups, null, 3);
    expect(names(shown)).toEqual(['A:Able,Acme', 'B:Bolt']);
    expect(more).toBe(true);
  });

  it('starts at the letter jumped to', () => {
    expect(names(visibleGroups(groups, 'B', 3).shown)).toEqual(['B:Bolt,Bravo,Brio']);
    expect(visibleGroups(groups, 'B', 3).more).toBe(true);
    expect(names(visibleGroups(groups, 'C', 3).shown)).toEqual(['C:Cargo']);
  });
});
