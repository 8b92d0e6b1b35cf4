import { SANDBOX_WORDS, type RespondBody, type RespondStatus, type SandboxBehaviour } from '@casebridge/contracts';

/** The sandbox's engineer, named in each answer (the approval makes them the case's receiver engineer). */
export interface SandboxEngineer {
  name: string;
  email: string;
  phone: string | null;
}

const word = (behaviour: SandboxBehaviour) => `“${SANDBOX_WORDS[behaviour][0]}”`;

/** What the sandbox writes with each answer: the body a partner would send from the token page. */
export function sandboxAnswerBody(
  status: RespondStatus,
  behaviour: SandboxBehaviour,
  caseId: number,
  engineer: SandboxEngineer,
): RespondBody {
  const contact = { engineer_name: engineer.name, engineer_email: engineer.email, engineer_phone: engineer.phone };
  switch (status) {
    case 'accepted':
      return {
        status,
        ...contact,
        case_number: `SANDBOX-${caseId}`,
        next_steps:
          `The Casebridge Sandbox accepted this test case (its summary says ${word(behaviour)}). ` +
          'Nothing more will happen here: close the case when your test is done.',
      };
    case 'information':
      return {
        status,
        ...contact,
        next_steps:
          `The Casebridge Sandbox asks for information (the summary says ${word(behaviour)}). ` +
          `Answer with an information response: the sandbox will then ${behaviour === 'reject' ? 'reject' : 'accept'} the case.`,
      };
    case 'rejected':
      return {
        status,
        ...contact,
        next_steps: `The Casebridge Sandbox rejects this test case, as its summary asked (${word('reject')}).`,
      };
    case 'information-reply':
      throw new Error('The sandbox is the receiver: it never supplies information.');
  }
}
