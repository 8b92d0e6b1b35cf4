import { allowedAnswers, isAnswerAllowed } from './case-rules';
import { sandboxAnswer, sandboxBehaviour } from './sandbox';

describe('the sandbox partner', () => {
  it.each([
    ['please accept', 'accept'],
    ['Need INFO on the array', 'information'],
    ['more information, please', 'information'],
    ['reject this', 'reject'],
    ['silent', 'silent'],
    ['nothing to see', 'silent'],
    // Whole words only: these hold the letters but not the word.
    ['accepted already; rejection; informational', 'silent'],
    // The order decides between several: silent, reject, info, accept.
    ['accept or stay silent', 'silent'],
    ['info first, then reject', 'reject'],
    ['accept after info', 'information'],
  ])('reads %j as %s', (summary, behaviour) => {
    expect(sandboxBehaviour(summary)).toBe(behaviour);
  });

  it('answers a new case and a supplied answer, and nothing else', () => {
    expect(sandboxAnswer('accept', 'submitted')).toBe('accepted');
    expect(sandboxAnswer('information', 'submitted')).toBe('information');
    expect(sandboxAnswer('reject', 'submitted')).toBe('information');
    expect(sandboxAnswer('silent', 'submitted')).toBeNull();
    expect(sandboxAnswer('information', 'information_supplied')).toBe('accepted');
    expect(sandboxAnswer('reject', 'information_supplied')).toBe('rejected');
    expect(sandboxAnswer('accept', 'note_added')).toBeNull();
  });

  it('only gives answers the token page allows at that point', () => {
    const asked = { type: 'information-request' as const, createdAt: new Date('2026-01-01T10:00:00Z') };
    const supplied = { type: 'information-response' as const, createdAt: new Date('2026-01-01T11:00:00Z') };
    for (const behaviour of ['accept', 'information', 'reject'] as const) {
      expect(isAnswerAllowed(sandboxAnswer(behaviour, 'submitted')!, allowedAnswers('open', []))).toBe(true);
    }
    const afterReply = allowedAnswers('information', [asked, supplied]);
    expect(isAnswerAllowed(sandboxAnswer('reject', 'information_supplied')!, afterReply)).toBe(true);
    expect(isAnswerAllowed(sandboxAnswer('information', 'information_supplied')!, afterReply)).toBe(true);
  });
});
