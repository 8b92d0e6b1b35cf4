import type { CaseDirection, CaseStatus, CaseTurn } from '@casebridge/contracts';

export interface TurnWords {
  /** Whose move it is, in words, for the viewer. */
  text: string;
  /** The same for a list's cell: "Your move", "Waiting for Globex Storage". */
  short: string;
  /** The viewer's company is the one expected to act. */
  mine: boolean;
}

/**
 * Whose move a case waits for, said to a member of one of its companies (direction: inbound for the receiver): the
 * server keeps `turn` from the case log; these are its words.
 */
export function turnWords(
  turn: CaseTurn | null,
  status: CaseStatus,
  direction: CaseDirection,
  partner: string,
): TurnWords {
  if (turn === null) {
    return status === 'accepted'
      ? { text: 'Both companies are working on it', short: 'In progress', mine: false }
      : { text: 'Nothing pending', short: 'Nothing pending', mine: false };
  }
  const mySide: CaseTurn = direction === 'inbound' ? 'receiver' : 'submitter';
  if (turn !== mySide) return { text: `Waiting for ${partner}`, short: `Waiting for ${partner}`, mine: false };
  if (turn === 'submitter') {
    return { text: 'Your move: supply the information requested', short: 'Your move', mine: true };
  }
  const text =
    status === 'information' ? 'Your move: the information arrived, respond' : 'Your move: respond to the case';
  return { text, short: 'Your move', mine: true };
}
