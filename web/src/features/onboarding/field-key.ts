/** Prefixes the onboarding api puts before the step's own field names. */
const STEP_PREFIXES = ['company.', 'user.', 'document.'] as const;

/**
 * The form field of an onboarding validation key: `company.name` -> `name`, `user.first_name` -> `first_name`,
 * `document.support_hours` -> `support_hours`; any other dotted key keeps its parts joined by underscores
 * (`agreements.code_of_conduct` -> `agreements_code_of_conduct`). The company and user parts share no field
 * names, so dropping the prefix never makes two fields collide.
 */
export function onboardingFieldKey(key: string): string {
  const prefix = STEP_PREFIXES.find((candidate) => key.startsWith(candidate));
  const rest = prefix ? key.slice(prefix.length) : key;
  return rest.split('.').join('_');
}
