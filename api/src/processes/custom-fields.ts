import {
  LIMITS,
  type RequirementSection,
  type RequirementType,
  type TierSelectRequirementSettings,
} from '@casebridge/contracts';
import type { ContactDocument, VersionRequirement } from '@casebridge/db';
import { z } from 'zod';

/** A requirement as placed in a document version: the version's overrides applied. */
export interface FieldDefinition {
  requirementId: number;
  section: RequirementSection;
  type: RequirementType;
  label: string;
  codeLabel: string;
  required: boolean;
  group: string | null;
  options: unknown;
  settings: Record<string, unknown> | null;
}

export interface CustomDataRow {
  requirementId: number;
  section: RequirementSection;
  field: string;
  value: string;
  type: RequirementType;
}

export interface CustomFieldsResult {
  errors: Record<string, string[]>;
  rows: CustomDataRow[];
}

export const CUSTOM_FIELD_PREFIX = 'custom_';
export const STRING_MAX = 255;

export function fieldDefinitionOf(placed: VersionRequirement): FieldDefinition {
  return {
    requirementId: placed.requirement.id,
    section: placed.section,
    type: placed.requirement.type,
    label: placed.requirement.label,
    codeLabel: placed.requirement.codeLabel,
    required: placed.required,
    group: placed.group,
    options: placed.options ?? placed.requirement.options,
    settings: placed.additionalSettings ?? placed.requirement.additionalSettings,
  };
}

/** The fields of the document's current version in the form's order (position, then id). */
export function formFieldsOf(doc: ContactDocument): FieldDefinition[] {
  return doc
    .currentVersion!.requirements.getItems()
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map(fieldDefinitionOf);
}

export const fieldKey = (definition: Pick<FieldDefinition, 'requirementId'>) =>
  `${CUSTOM_FIELD_PREFIX}${definition.requirementId}`;

/** Options of a select as strings (a list of strings, or of { label } / { value }). */
export function selectOptions(options: unknown): string[] {
  if (!Array.isArray(options)) return [];
  return options
    .map((option: unknown) => {
      if (typeof option === 'string' || typeof option === 'number') return String(option);
      if (option && typeof option === 'object') {
        const { label, value } = option as { label?: unknown; value?: unknown };
        if (typeof label === 'string') return label;
        if (typeof value === 'string') return value;
      }
      return null;
    })
    .filter((option): option is string => option !== null);
}

export function tierOptions(options: unknown): { label: string; options: string[] }[] {
  if (!Array.isArray(options)) return [];
  return options
    .filter((option): option is { label: string; options?: unknown } => {
      return !!option && typeof option === 'object' && typeof (option as { label?: unknown }).label === 'string';
    })
    .map((option) => ({ label: option.label, options: selectOptions(option.options) }));
}

export function groupOptions(options: unknown): { label: string; group: string }[] {
  if (!Array.isArray(options)) return [];
  return options.flatMap((option: unknown) => {
    if (!option || typeof option !== 'object') return [];
    const { label, group } = option as { label?: unknown; group?: unknown };
    return typeof label === 'string' ? [{ label, group: typeof group === 'string' ? group : label }] : [];
  });
}

/** 'main : sub' split (spaces around the colon optional); null when not of that form. */
export function splitTierValue(value: string): { main: string; sub: string } | null {
  const index = value.indexOf(':');
  if (index < 0) return null;
  const main = value.slice(0, index).trim();
  const sub = value.slice(index + 1).trim();
  return main && sub ? { main, sub } : null;
}

function tierValueValid(definition: FieldDefinition, value: string): { main: string; sub: string } | null {
  const parts = splitTierValue(value);
  if (!parts) return null;
  const main = tierOptions(definition.options).find((option) => option.label === parts.main);
  return main && main.options.includes(parts.sub) ? parts : null;
}

function asText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

const emailCheck = z.email();
const PHONE_PATTERN = /^[+\d\s().:-]*\d[+\d\s().:-]*$/;

function isValidUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && !!url.hostname;
  } catch {
    return false;
  }
}

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks the custom_{requirementId} values of a submission against the fields of the document's current version
 * (rules in the contract, CaseSubmissionBody) and returns the errors by field and the customer-data rows to store.
 * `dbOptions` holds, per db_select requirement id, its options (id → label) as db_select_options answers them.
 */
export function validateCustomFields(
  definitions: FieldDefinition[],
  body: Record<string, unknown>,
  dbOptions: Map<number, Record<string, string>> = new Map(),
): CustomFieldsResult {
  const errors: Record<string, string[]> = {};
  const rows: CustomDataRow[] = [];
  const fail = (key: string, message: string) => (errors[key] ??= []).push(message);

  const known = new Set(definitions.map(fieldKey));
  for (const key of Object.keys(body)) {
    if (key.startsWith(CUSTOM_FIELD_PREFIX) && !known.has(key)) fail(key, 'This field is not part of the process.');
  }

  // Which option groups are chosen, and what the chosen tier sub-options make required or hide.
  const chosenGroups = new Set<string>();
  const linked = new Map<string, 'required' | 'hidden'>();
  for (const definition of definitions) {
    const value = asText(body[fieldKey(definition)]);
    if (!value) continue;
    if (definition.type === 'groupselect') {
      const option = groupOptions(definition.options).find((candidate) => candidate.label === value);
      if (option) chosenGroups.add(option.group);
    }
    if (definition.type === 'tierselect') {
      const parts = tierValueValid(definition, value);
      const settings = (definition.settings ?? {}) as TierSelectRequirementSettings;
      for (const link of parts ? (settings.linked_fields ?? []) : []) {
        if (link.sub_option === parts?.sub && (link.behaviour === 'required' || link.behaviour === 'hidden'))
          linked.set(link.field, link.behaviour);
      }
    }
  }

  for (const definition of definitions) {
    const key = fieldKey(definition);
    const label = definition.label;
    if (definition.type === 'copy') continue;
    if (definition.group && !chosenGroups.has(definition.group)) continue;
    const behaviour = linked.get(definition.codeLabel);
    if (behaviour === 'hidden') continue;
    const row = (value: string) =>
      rows.push({
        requirementId: definition.requirementId,
        section: definition.section,
        field: label,
        value,
        type: definition.type,
      });

    if (definition.type === 'hidden') {
      const configured = definition.settings?.value;
      const value = typeof configured === 'string' ? configured : asText(body[key]).slice(0, STRING_MAX);
      if (value) row(value);
      continue;
    }

    const value = asText(body[key]);
    if (!value) {
      if (definition.required || behaviour === 'required') fail(key, `The ${label} field is required.`);
      continue;
    }
    const max = definition.type === 'text' ? LIMITS.textMax : STRING_MAX;
    if (value.length > max) {
      fail(key, `The ${label} may not be greater than ${max} characters.`);
      continue;
    }

    switch (definition.type) {
      case 'integer':
        if (!/^-?\d+$/.test(value)) fail(key, `The ${label} must be an integer.`);
        else row(value);
        break;
      case 'email':
        if (!emailCheck.safeParse(value).success) fail(key, `The ${label} must be a valid email address.`);
        else row(value.toLowerCase());
        break;
      case 'url':
        if (!isValidUrl(value)) fail(key, `The ${label} must be a valid URL.`);
        else row(value);
        break;
      case 'phone':
        if (value.length > LIMITS.phoneMax || !PHONE_PATTERN.test(value))
          fail(key, `The ${label} must be a valid phone number.`);
        else row(value);
        break;
      case 'timezone':
        if (!isTimeZone(value)) fail(key, `The ${label} must be a valid time zone.`);
        else row(value);
        break;
      case 'select': {
        const allowOther = definition.settings?.allow_other !== false;
        if (!allowOther && !selectOptions(definition.options).includes(value))
          fail(key, `The selected ${label} is invalid.`);
        else row(value);
        break;
      }
      case 'tierselect': {
        const parts = tierValueValid(definition, value);
        if (!parts) fail(key, `The selected ${label} is invalid.`);
        else row(`${parts.main} : ${parts.sub}`);
        break;
      }
      case 'groupselect':
        if (!groupOptions(definition.options).some((option) => option.label === value))
          fail(key, `The selected ${label} is invalid.`);
        else row(value);
        break;
      case 'db_select': {
        // The option's id (as db_select_options keys it), or its label; the label is stored.
        const options = dbOptions.get(definition.requirementId) ?? {};
        const chosen = Object.hasOwn(options, value)
          ? options[value]
          : Object.values(options).find((name) => name === value);
        if (chosen === undefined) fail(key, `The selected ${label} is invalid.`);
        else row(chosen);
        break;
      }
      default:
        row(value);
    }
  }
  return { errors, rows };
}
