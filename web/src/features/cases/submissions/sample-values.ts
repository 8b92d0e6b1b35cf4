import { loadDbOptions } from './db-select-options';
import {
  dbSelectSource,
  fieldName,
  groupOptions,
  partName,
  selectOptions,
  tierOptions,
  type FormValues,
  type Requirement,
} from './requirements';

/** A believable value for a free-text field, guessed from its label. */
function sampleText(label: string): string {
  const lower = label.toLowerCase();
  if (lower.includes('name')) return 'Jordan Lee';
  if (lower.includes('serial')) return 'SN-4821-7730';
  if (lower.includes('version') || lower.includes('build')) return '9.2.1';
  if (lower.includes('target')) return 'dr-site-02.example.com';
  if (lower.includes('id') || lower.includes('number')) return 'TEST-1001';
  return `Test ${label}`;
}

function localTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** Test values for every field of the form (the 'Sample Submission' button); the server marks the case as a sample. */
export async function sampleValues(requirements: Requirement[]): Promise<FormValues> {
  const stamp = Date.now().toString().slice(-6);
  const values: FormValues = {
    internal_case_number: `SAMPLE-${stamp}`,
    problem_summary: 'Sample submission: replication job fails after firmware upgrade',
    problem_description:
      'This is a sample submission to test the collaboration process.\n\n' +
      'Steps: upgrade the array firmware, start the nightly replication job, observe the job failing with a timeout ' +
      'after 15 minutes. No customer is affected and no action is needed.',
  };
  for (const requirement of requirements) {
    const name = fieldName(requirement);
    const label = requirement.requirement.label;
    switch (requirement.requirement.type) {
      case 'hidden':
      case 'copy':
        break;
      case 'integer':
        values[name] = '1024';
        break;
      case 'phone':
        values[name] = '+1 202-555-0143';
        break;
      case 'string':
        values[name] = sampleText(label);
        break;
      case 'text':
        values[name] = `Sample ${label.toLowerCase()}: ERROR replication session 42 timed out after 900 s.`;
        break;
      case 'url':
        values[name] = 'https://example.com/support/bundle-sample.zip';
        break;
      case 'email':
        values[name] = 'test.engineer@example.com';
        break;
      case 'timezone':
        values[name] = localTimeZone();
        break;
      case 'select':
        values[name] = selectOptions(requirement)[0] ?? '';
        break;
      case 'tierselect': {
        const tier = tierOptions(requirement)[0];
        values[partName(requirement, 'main')] = tier?.label ?? '';
        values[partName(requirement, 'sub')] = tier?.options[0] ?? '';
        break;
      }
      case 'groupselect':
        values[name] = groupOptions(requirement)[0]?.label ?? '';
        break;
      case 'db_select': {
        const source = dbSelectSource(requirement);
        const options = source ? await loadDbOptions(source.model, source.foreign_key).catch(() => []) : [];
        values[name] = options[0]?.value ?? '';
        break;
      }
    }
  }
  return values;
}
