import { MESSAGES } from '@casebridge/contracts';

interface UserChoice {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/** The escalation contact choices of a process: "Choose one" (0, nobody), then the company's users. */
export function escalationUserOptions(users: readonly UserChoice[]) {
  return [
    { value: 0, label: MESSAGES.chooseOne },
    ...users.map((user) => ({ value: user.id, label: `${user.first_name} ${user.last_name} (${user.email})` })),
  ];
}
