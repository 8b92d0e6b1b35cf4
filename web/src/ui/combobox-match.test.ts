import { describe, expect, it } from 'vitest';
import { foldText, matchOptions, type ComboboxOption } from './combobox-match';

const option = (label: string, value = label): ComboboxOption => ({ value, label });
const labels = (options: ComboboxOption[]) => options.map((item) => item.label);

describe('foldText', () => {
  it('lower-cases and removes accents', () => {
    expect(foldText('Åland Islands')).toBe('aland islands');
    expect(foldText('São Tomé and Príncipe')).toBe('sao tome and principe');
    expect(foldText('CURAÇAO')).toBe('curacao');
  });

  it('keeps letters that are not accented forms, digits and signs', () => {
    expect(foldText('Straße 12 & Co.')).toBe('straße 12 & co.');
  });
});

describe('matchOptions', () => {
  const zones = [
    option('America/New York'),
    option('Europe/London'),
    option('Yorkshire'),
    option('America/Los Angeles'),
    option('Newyork Lab'),
    option('Asia/Tokyo'),
  ];

  it('ranks label starts, then word starts, then other matches, each in list order', () => {
    expect(labels(matchOptions(zones, 'york'))).toEqual(['Yorkshire', 'America/New York', 'Newyork Lab']);
  });

  it('keeps the list order within a rank', () => {
    const options = [option('Beta York'), option('Alpha York'), option('Gamma York')];
    expect(labels(matchOptions(options, 'york'))).toEqual(['Beta York', 'Alpha York', 'Gamma York']);
  });

  it('matches whatever the case and accents of either side, after trimming', () => {
    const countries = [option('Åland Islands'), option('São Tomé'), option('Samoa')];
    expect(labels(matchOptions(countries, '  ALAND '))).toEqual(['Åland Islands']);
    expect(labels(matchOptions(countries, 'sao'))).toEqual(['São Tomé']);
    expect(labels(matchOptions(countries, 'Tomé'))).toEqual(['São Tomé']);
  });

  it('counts a later occurrence that starts a word when an earlier one does not', () => {
    // "an" first appears inside "Banana", then starts the word "and".
    const options = [option('Xan'), option('Banana and Co'), option('Anchor')];
    expect(labels(matchOptions(options, 'an'))).toEqual(['Anchor', 'Banana and Co', 'Xan']);
  });

  it('treats digits as word characters and signs as separators', () => {
    const options = [option('Room 101'), option('A1'), option('(1) First')];
    expect(labels(matchOptions(options, '1'))).toEqual(['Room 101', '(1) First', 'A1']);
  });

  it('returns every option for an empty or blank text, and none when nothing contains it', () => {
    expect(matchOptions(zones, '')).toEqual(zones);
    expect(matchOptions(zones, '   ')).toEqual(zones);
    expect(matchOptions(zones, '   ')).not.toBe(zones);
    expect(matchOptions(zones, 'paris')).toEqual([]);
  });

  it('returns the options themselves (with their extra fields)', () => {
    const rich = [{ value: 'us', label: 'United States', dial: '+1' }];
    expect(matchOptions(rich, 'states')[0]).toBe(rich[0]);
  });
});
