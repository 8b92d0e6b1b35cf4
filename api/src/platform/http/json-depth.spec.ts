import { jsonNestsDeeperThan } from './json-depth';

describe('jsonNestsDeeperThan', () => {
  it('counts objects and arrays alike, up to the limit and beyond it', () => {
    expect(jsonNestsDeeperThan('{"a":[{"b":[1]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[{"b":[[1]]}]}', 4)).toBe(true);
    expect(jsonNestsDeeperThan('[]'.repeat(1000), 1)).toBe(false);
  });

  it('ignores brackets inside strings, also after escaped quotes and backslashes', () => {
    expect(jsonNestsDeeperThan(`{"text":"${'[{'.repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(String.raw`{"text":"quote \" [[[ \\"}`, 1)).toBe(false);
    expect(jsonNestsDeeperThan(String.raw`{"text":"\\", "a":[[1]]}`, 2)).toBe(true);
  });
});
