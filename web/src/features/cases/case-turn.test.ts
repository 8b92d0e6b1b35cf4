import { describe, expect, it } from 'vitest';
import { turnWords } from './case-turn';

/** Whose move a case waits for, in the words each side reads. */
describe('whose turn it is', () => {
  it('tells the receiver to respond and the submitter to wait, then the reverse during a request', () => {
    expect(turnWords('receiver', 'open', 'inbound', 'Acme')).toMatchObject({ short: 'Your move', mine: true });
    expect(turnWords('receiver', 'open', 'outbound', 'Globex')).toEqual({
      text: 'Waiting for Globex',
      short: 'Waiting for Globex',
      mine: false,
    });
    expect(turnWords('submitter', 'information', 'outbound', 'Globex').text).toBe(
      'Your move: supply the information requested',
    );
    expect(turnWords('receiver', 'information', 'inbound', 'Acme').text).toBe(
      'Your move: the information arrived, respond',
    );
  });

  it('is nobody’s move once accepted, rejected or closed', () => {
    expect(turnWords(null, 'accepted', 'inbound', 'Acme')).toMatchObject({ short: 'In progress', mine: false });
    expect(turnWords(null, 'closed', 'outbound', 'Globex')).toMatchObject({ short: 'Nothing pending', mine: false });
  });
});
