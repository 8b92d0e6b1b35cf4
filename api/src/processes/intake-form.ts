import {
  CASE_FORM_DOCUMENT_TYPES,
  commonCustomerSectionTitle,
  LIMITS,
  PRIORITIES,
  REQUIREMENT_SECTIONS,
  type IntakeDocument,
  type IntakeField,
  type RequirementSection,
  type TierSelectRequirementSettings,
} from '@casebridge/contracts';
import type { ContactDocument, Department } from '@casebridge/db';
import type { EntityManager } from '@mikro-orm/postgresql';
import { sanitizeRichText } from '../platform/common/rich-text';
import {
  fieldKey,
  formFieldsOf,
  groupOptions,
  selectOptions,
  STRING_MAX,
  tierOptions,
  type FieldDefinition,
} from './custom-fields';
import type { PriorityMessagesShape } from './priority';
import { dbSelectOptions } from './submission-checks';

/** What the member's side adds to a document: where it may send the case, its priorities, the sub-forms open. */
export interface IntakeContext {
  departments: Department[];
  priority: { messages: PriorityMessagesShape | null; locked: boolean };
  childOpen: (child: ContactDocument) => boolean;
}

/** A field of the form as the integration API names it: its id, its name, its label and its key in a submission. */
export interface IntakeFieldRef {
  id: number;
  name: string;
  label: string;
  /** custom_{id}: how the submission check keys its value and its errors. */
  key: string;
}

// The web form's section headings; the common customer section's comes from the version.
const SECTION_TITLES: Record<Exclude<RequirementSection, 'common_customer_section'>, string> = {
  problem_section: 'Problem Details',
  contact_section: 'Contact Details',
};

/** A field's stable name: its code label (the key of exports and json documents). */
const nameOf = (definition: FieldDefinition) => definition.codeLabel || `field_${definition.requirementId}`;

export function intakeFieldRefs(doc: ContactDocument): IntakeFieldRef[] {
  return formFieldsOf(doc).map((definition) => ({
    id: definition.requirementId,
    name: nameOf(definition),
    label: definition.label,
    key: fieldKey(definition),
  }));
}

/**
 * A process document as the integration API shows it (GET /v1/documents/{id}): the form the member app draws, with
 * what its submission check (custom-fields.ts) applies spelled out per field: the choices, the group that shows a
 * field, the tierselect choices that make it required or hide it, the values hidden and copy fields carry.
 */
export async function toIntakeDocument(
  em: EntityManager,
  doc: ContactDocument,
  context: IntakeContext,
): Promise<IntakeDocument> {
  const version = doc.currentVersion!;
  const definitions = formFieldsOf(doc);
  const dbOptions = await dbSelectOptions(em, definitions);
  const fields = definitions.map((definition, order) => toIntakeField(definition, order, definitions, dbOptions));
  const title = (section: RequirementSection) =>
    section === 'common_customer_section'
      ? commonCustomerSectionTitle(version.documentType, version.commonCustomerSectionTitle)
      : SECTION_TITLES[section];
  const staticDocument = ['default', 'parent'].includes(version.documentType) ? doc.staticDocument : null;
  const locked = context.priority.locked;
  return {
    id: doc.id,
    name: doc.name,
    title: version.title ?? doc.name,
    document_type: version.documentType,
    accepts_cases: CASE_FORM_DOCUMENT_TYPES.includes(version.documentType),
    company: { id: doc.company.id, name: doc.company.name },
    departments: context.departments.map((department) => ({ id: department.id, name: department.name })),
    support_hours: version.supportHours,
    product_supported: version.productSupported,
    escalation_instructions: sanitizeRichText(version.escalationInstructions),
    static_document: sanitizeRichText(staticDocument),
    children:
      version.documentType === 'parent'
        ? doc.linkages
            .getItems()
            .filter((linkage) => !linkage.deleted && context.childOpen(linkage.child))
            .sort((a, b) => a.position - b.position || a.id - b.id)
            .map((linkage) => ({ option_name: linkage.optionName, document_id: linkage.child.id }))
        : [],
    priority: {
      choices: locked ? ['low'] : [...PRIORITIES],
      default: 'low',
      locked,
      messages: context.priority.messages,
    },
    sections: REQUIREMENT_SECTIONS.map((section) => ({
      section,
      title: title(section),
      fields: fields.filter((_field, index) => definitions[index].section === section),
    })),
  };
}

function toIntakeField(
  definition: FieldDefinition,
  order: number,
  definitions: FieldDefinition[],
  dbOptions: Map<number, Record<string, string>>,
): IntakeField {
  const fixed = typeof definition.settings?.value === 'string' ? definition.settings.value : null;
  const shown = definition.type !== 'copy' && definition.type !== 'hidden';
  return {
    id: definition.requirementId,
    name: nameOf(definition),
    label: definition.label,
    type: definition.type,
    // A copy text is never sent and a hidden field stores its own value: neither can be missing.
    required: shown && definition.required,
    group: definition.group,
    display_order: order,
    options: optionsOf(definition, dbOptions),
    allow_other: definition.type === 'select' && definition.settings?.allow_other !== false,
    max_length: maxLengthOf(definition),
    value: shown ? null : fixed,
    conditions: definitions.flatMap((tier) => conditionsOn(definition, tier)),
  };
}

function optionsOf(definition: FieldDefinition, dbOptions: Map<number, Record<string, string>>) {
  const plain = (value: string) => ({ value, label: value, group: null, children: [] });
  switch (definition.type) {
    case 'select':
      return selectOptions(definition.options).map(plain);
    case 'tierselect':
      return tierOptions(definition.options).map((tier) => ({
        ...plain(tier.label),
        children: tier.options.map((option) => ({ value: option, label: option })),
      }));
    case 'groupselect':
      return groupOptions(definition.options).map((option) => ({ ...plain(option.label), group: option.group }));
    case 'db_select':
      return Object.entries(dbOptions.get(definition.requirementId) ?? {}).map(([id, name]) => ({
        ...plain(id),
        label: name,
      }));
    default:
      return null;
  }
}

/** The longest value the submission check takes for the field (copy fields take none). */
function maxLengthOf(definition: FieldDefinition): number | null {
  if (definition.type === 'copy') return null;
  if (definition.type === 'text') return LIMITS.textMax;
  if (definition.type === 'phone') return LIMITS.phoneMax;
  return STRING_MAX;
}

/** The tierselect `tier`'s second-tier choices that make `definition` required or hide it (by its code label). */
function conditionsOn(definition: FieldDefinition, tier: FieldDefinition): IntakeField['conditions'] {
  if (tier.type !== 'tierselect') return [];
  const links = ((tier.settings ?? {}) as TierSelectRequirementSettings).linked_fields ?? [];
  return (Array.isArray(links) ? links : [])
    .filter((link) => link.field === definition.codeLabel)
    .filter((link) => link.behaviour === 'required' || link.behaviour === 'hidden')
    .map((link) => ({ field: nameOf(tier), sub_option: link.sub_option, effect: link.behaviour }));
}
