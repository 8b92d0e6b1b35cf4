import {
  DB_SELECT_MODELS,
  type GroupSelectRequirementOptions,
  type TierSelectRequirementOptions,
  type TierSelectRequirementSettings,
  type VersionRequirementShape,
} from '@casebridge/contracts';

export type Requirement = VersionRequirementShape;
export type FormValues = Record<string, unknown>;

/** Separator of a tier select's value: 'main : sub'. */
export const TIER_SEPARATOR = ' : ';
/** The select option that reveals a free-text input. */
export const OTHER_OPTION = 'Other';

export const fieldName = (requirement: Requirement) => `custom_${requirement.requirement_id}`;
/** Names of the helper inputs of composite fields (never sent as such). */
export const partName = (requirement: Requirement, part: 'main' | 'sub' | 'other') =>
  `${fieldName(requirement)}__${part}`;

/** The version's options win over the requirement's when set. */
export function optionsOf(requirement: Requirement): unknown {
  return requirement.options ?? requirement.requirement.options;
}

export function settingsOf(requirement: Requirement): Record<string, unknown> {
  return { ...(requirement.requirement.additional_settings ?? {}), ...(requirement.additional_settings ?? {}) };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
}

/** Plain select options: a list of strings, or of { label, value } objects. */
export function selectOptions(requirement: Requirement): string[] {
  const options = optionsOf(requirement);
  if (!Array.isArray(options)) return [];
  return options
    .map((option: unknown) =>
      typeof option === 'object' && option !== null
        ? text((option as Record<string, unknown>).label ?? (option as Record<string, unknown>).value)
        : text(option),
    )
    .filter(Boolean);
}

export function allowsOther(requirement: Requirement): boolean {
  return settingsOf(requirement).allow_other !== false;
}

export function tierOptions(requirement: Requirement): TierSelectRequirementOptions {
  const options = optionsOf(requirement);
  if (!Array.isArray(options)) return [];
  return options
    .filter((option): option is Record<string, unknown> => typeof option === 'object' && option !== null)
    .map((option) => ({
      label: text(option.label),
      options: Array.isArray(option.options) ? option.options.map(text).filter(Boolean) : [],
    }))
    .filter((option) => option.label);
}

export function groupOptions(requirement: Requirement): GroupSelectRequirementOptions {
  const options = optionsOf(requirement);
  if (!Array.isArray(options)) return [];
  return options
    .filter((option): option is Record<string, unknown> => typeof option === 'object' && option !== null)
    .map((option) => ({ label: text(option.label), group: text(option.group) }))
    .filter((option) => option.label);
}

function linkedFields(requirement: Requirement): NonNullable<TierSelectRequirementSettings['linked_fields']> {
  const linked = settingsOf(requirement).linked_fields;
  return Array.isArray(linked) ? (linked as NonNullable<TierSelectRequirementSettings['linked_fields']>) : [];
}

/** The chosen sub-option of a tier select, if it belongs to the chosen main option. */
export function tierChoice(requirement: Requirement, values: FormValues): { main: string; sub: string } {
  const main = text(values[partName(requirement, 'main')]);
  const sub = text(values[partName(requirement, 'sub')]);
  const subs = tierOptions(requirement).find((tier) => tier.label === main)?.options ?? [];
  return { main, sub: subs.includes(sub) ? sub : '' };
}

/** The fixed value of hidden and copy fields. */
export function fixedValue(requirement: Requirement): string {
  return text(settingsOf(requirement).value);
}

export type DbSelectModel = (typeof DB_SELECT_MODELS)[number];

/** The db_select source; plural model names ('countries') are read as their singular. */
export function dbSelectSource(requirement: Requirement): { model: DbSelectModel; foreign_key: number | null } | null {
  const settings = settingsOf(requirement);
  const raw = text(settings.model).toLowerCase();
  const singular = raw.endsWith('ies') ? `${raw.slice(0, -3)}y` : raw.endsWith('s') ? raw.slice(0, -1) : raw;
  const model = (DB_SELECT_MODELS as readonly string[]).find((name) => name === raw || name === singular);
  if (!model) return null;
  const key = Number(settings.foreign_key);
  return { model: model as DbSelectModel, foreign_key: Number.isFinite(key) && key > 0 ? key : null };
}

export interface FieldRules {
  visible: (requirement: Requirement) => boolean;
  required: (requirement: Requirement) => boolean;
}

/**
 * What the current answers imply: a group select shows only the fields of its chosen group,
 * a tier select's sub-option makes linked fields (by code_label) required or hidden.
 */
export function fieldRules(requirements: Requirement[], values: FormValues): FieldRules {
  const groups = new Set<string>();
  const linked = new Map<string, 'required' | 'hidden'>();
  for (const requirement of requirements) {
    if (requirement.requirement.type === 'groupselect') {
      const chosen = text(values[fieldName(requirement)]);
      const option = groupOptions(requirement).find((item) => item.label === chosen);
      if (option?.group) groups.add(option.group);
    }
    if (requirement.requirement.type === 'tierselect') {
      const { sub } = tierChoice(requirement, values);
      for (const link of linkedFields(requirement)) {
        if (sub && link.sub_option === sub) linked.set(link.field, link.behaviour);
      }
    }
  }
  const codeOf = (requirement: Requirement) => requirement.requirement.code_label ?? '';
  return {
    visible: (requirement) =>
      requirement.requirement.type !== 'hidden' &&
      (!requirement.group || groups.has(requirement.group)) &&
      linked.get(codeOf(requirement)) !== 'hidden',
    required: (requirement) => requirement.required || linked.get(codeOf(requirement)) === 'required',
  };
}

/** The labels of a composite field's helper inputs (the free text of 'Other', a tier's second select). */
export const otherLabel = (requirement: Requirement) => `${requirement.requirement.label} (Other)`;
export const detailLabel = (requirement: Requirement) => `${requirement.requirement.label} (Detail)`;

/** Whether the free text behind a chosen 'Other' is shown: only a required select needs it filled. */
export function choseOther(requirement: Requirement, values: FormValues): boolean {
  return values[fieldName(requirement)] === OTHER_OPTION && allowsOther(requirement);
}

/**
 * A tier's detail is required with the tier, and also once a main option with details is chosen: the server takes
 * a tier's value only as a whole 'main : sub' pair.
 */
export function detailRequired(requirement: Requirement, required: boolean, values: FormValues): boolean {
  if (required) return true;
  const main = text(values[partName(requirement, 'main')]);
  return (tierOptions(requirement).find((tier) => tier.label === main)?.options.length ?? 0) > 0;
}

/** The labels of the inputs the current answers require, in the form's order (what the form marks required). */
export function requiredInputLabels(requirements: Requirement[], values: FormValues): string[] {
  const rules = fieldRules(requirements, values);
  const labels: string[] = [];
  for (const requirement of requirements) {
    const type = requirement.requirement.type;
    if (type === 'copy' || !rules.visible(requirement)) continue;
    const required = rules.required(requirement);
    if (required) labels.push(requirement.requirement.label);
    if (type === 'select' && required && choseOther(requirement, values)) labels.push(otherLabel(requirement));
    if (type === 'tierselect' && detailRequired(requirement, required, values)) labels.push(detailLabel(requirement));
  }
  return labels;
}

/** The value sent for one field, from its inputs. */
function valueOf(requirement: Requirement, values: FormValues): string | null {
  const name = fieldName(requirement);
  switch (requirement.requirement.type) {
    case 'hidden':
      return fixedValue(requirement) || null;
    case 'select': {
      const chosen = text(values[name]);
      return chosen === OTHER_OPTION && allowsOther(requirement)
        ? text(values[partName(requirement, 'other')]).trim() || null
        : chosen || null;
    }
    case 'tierselect': {
      const { main, sub } = tierChoice(requirement, values);
      return main ? (sub ? `${main}${TIER_SEPARATOR}${sub}` : main) : null;
    }
    case 'phone':
      // The number as typed: the server's pattern for custom phones allows digits, spaces and + ( ) - . : only.
      return text(values[name]).trim() || null;
    default:
      return text(values[name]).trim() || null;
  }
}

/** The custom_{id} fields of the payload: hidden fields always, shown fields only; copy fields are instructions. */
export function customPayload(requirements: Requirement[], values: FormValues): Record<string, string | null> {
  const rules = fieldRules(requirements, values);
  const payload: Record<string, string | null> = {};
  for (const requirement of requirements) {
    const type = requirement.requirement.type;
    if (type === 'copy') continue;
    if (type !== 'hidden' && !rules.visible(requirement)) continue;
    payload[fieldName(requirement)] = valueOf(requirement, values);
  }
  return payload;
}

export function placeholderOf(requirement: Requirement, required: boolean): string {
  return `Enter ${requirement.requirement.label}${required ? '' : ' (Optional)'}`;
}
