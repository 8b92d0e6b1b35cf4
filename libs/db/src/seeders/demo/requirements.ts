import type { EntityManager } from '@mikro-orm/postgresql';
import type {
  DbSelectRequirementSettings,
  FixedValueRequirementSettings,
  GroupSelectRequirementOptions,
  RequirementSection,
  RequirementType,
  SelectRequirementOptions,
  SelectRequirementSettings,
  TierSelectRequirementOptions,
  TierSelectRequirementSettings,
} from '@casebridge/contracts';
import { DocumentVersion } from '../../entities/documents/document-version.entity';
import { Requirement } from '../../entities/documents/requirement.entity';
import { VersionRequirement } from '../../entities/documents/version-requirement.entity';

interface RequirementDefinition {
  codeLabel: string;
  type: RequirementType;
  label: string;
  options?: unknown;
  additionalSettings?: Record<string, unknown>;
}

const productOptions: SelectRequirementOptions = ['SA9000 Array', 'VaultBackup', 'CloudTier Gateway'];
const productSettings: SelectRequirementSettings = { allow_other: true };
const contactMethodSettings: SelectRequirementSettings = { allow_other: false };
const componentOptions: TierSelectRequirementOptions = [
  { label: 'Hardware', options: ['Controller', 'Disk Shelf', 'Power Supply'] },
  { label: 'Software', options: ['Replication', 'Snapshots', 'Firmware Upgrade'] },
];
const componentSettings: TierSelectRequirementSettings = {
  linked_fields: [
    { sub_option: 'Replication', field: 'replication_target', behaviour: 'required' },
    { sub_option: 'Power Supply', field: 'firmware_version', behaviour: 'hidden' },
  ],
};
const categoryOptions: GroupSelectRequirementOptions = [
  { label: 'Hardware fault', group: 'hardware' },
  { label: 'Software defect', group: 'software' },
];
const countrySettings: DbSelectRequirementSettings = { model: 'countries', foreign_key: null };
const routingSettings: FixedValueRequirementSettings = { value: 'ACME-GLOBEX-STORAGE' };
const copySettings: FixedValueRequirementSettings = {
  value: 'Please attach the output of "sa-cli support bundle --last 24h" to your case.',
};

/** One field of every requirement type, reused by the demo process documents. */
const REQUIREMENT_DEFINITIONS: RequirementDefinition[] = [
  { codeLabel: 'end_customer', type: 'string', label: 'End Customer Name' },
  { codeLabel: 'site_id', type: 'integer', label: 'Customer Site ID' },
  { codeLabel: 'customer_phone', type: 'phone', label: 'Customer Contact Phone' },
  { codeLabel: 'customer_email', type: 'email', label: 'Customer Contact Email' },
  { codeLabel: 'customer_timezone', type: 'timezone', label: 'Customer Time Zone' },
  { codeLabel: 'site_country', type: 'db_select', label: 'Site Country', additionalSettings: { ...countrySettings } },
  {
    codeLabel: 'product',
    type: 'select',
    label: 'Product',
    options: productOptions,
    additionalSettings: { ...productSettings },
  },
  {
    codeLabel: 'component',
    type: 'tierselect',
    label: 'Affected Component',
    options: componentOptions,
    additionalSettings: { ...componentSettings },
  },
  { codeLabel: 'problem_category', type: 'groupselect', label: 'Problem Category', options: categoryOptions },
  { codeLabel: 'serial_number', type: 'string', label: 'Array Serial Number' },
  { codeLabel: 'firmware_version', type: 'string', label: 'Firmware Version' },
  { codeLabel: 'replication_target', type: 'string', label: 'Replication Target' },
  { codeLabel: 'software_build', type: 'string', label: 'Software Build' },
  { codeLabel: 'log_bundle_url', type: 'url', label: 'Log Bundle URL' },
  { codeLabel: 'error_output', type: 'text', label: 'Error Output' },
  { codeLabel: 'routing_code', type: 'hidden', label: 'Routing Code', additionalSettings: { ...routingSettings } },
  {
    codeLabel: 'bundle_instructions',
    type: 'copy',
    label: 'Support Bundle Command',
    additionalSettings: { ...copySettings },
  },
  {
    codeLabel: 'contact_method',
    type: 'select',
    label: 'Preferred Contact Method',
    options: ['Email', 'Phone', 'Teams call'],
    additionalSettings: { ...contactMethodSettings },
  },
  { codeLabel: 'backup_engineer_email', type: 'email', label: 'Backup Engineer Email' },
  { codeLabel: 'backup_engineer_phone', type: 'phone', label: 'Backup Engineer Phone' },
];

export type DemoRequirements = Map<string, Requirement>;

export async function seedRequirements(em: EntityManager): Promise<DemoRequirements> {
  const requirements: DemoRequirements = new Map();
  for (const definition of REQUIREMENT_DEFINITIONS) {
    requirements.set(
      definition.codeLabel,
      em.create(Requirement, {
        type: definition.type,
        label: definition.label,
        codeLabel: definition.codeLabel,
        options: definition.options ?? null,
        additionalSettings: definition.additionalSettings ?? null,
      }),
    );
  }
  await em.flush();
  return requirements;
}

interface Placement {
  codeLabel: string;
  required?: boolean;
  group?: string;
}

/** The full form of a collaborative (ticket) document: every type, spread over the three sections. */
export const FULL_FORM_LAYOUT: Record<RequirementSection, Placement[]> = {
  common_customer_section: [
    { codeLabel: 'end_customer', required: true },
    { codeLabel: 'site_id' },
    { codeLabel: 'customer_phone' },
    { codeLabel: 'customer_email', required: true },
    { codeLabel: 'customer_timezone', required: true },
    { codeLabel: 'site_country' },
  ],
  problem_section: [
    { codeLabel: 'product', required: true },
    { codeLabel: 'component', required: true },
    { codeLabel: 'problem_category', required: true },
    { codeLabel: 'serial_number', required: true, group: 'hardware' },
    { codeLabel: 'firmware_version', group: 'hardware' },
    { codeLabel: 'replication_target', group: 'software' },
    { codeLabel: 'software_build', required: true, group: 'software' },
    { codeLabel: 'log_bundle_url' },
    { codeLabel: 'error_output' },
    { codeLabel: 'routing_code' },
    { codeLabel: 'bundle_instructions' },
  ],
  contact_section: [
    { codeLabel: 'contact_method', required: true },
    { codeLabel: 'backup_engineer_email' },
    { codeLabel: 'backup_engineer_phone' },
  ],
};

/** A short form for the other members' documents. */
export const SHORT_FORM_LAYOUT: Record<RequirementSection, Placement[]> = {
  common_customer_section: [{ codeLabel: 'end_customer', required: true }, { codeLabel: 'customer_timezone' }],
  problem_section: [{ codeLabel: 'product', required: true }, { codeLabel: 'error_output' }],
  contact_section: [{ codeLabel: 'contact_method' }],
};

export function placeRequirements(
  em: EntityManager,
  version: DocumentVersion,
  requirements: DemoRequirements,
  layout: Record<RequirementSection, Placement[]>,
): void {
  let position = 0;
  for (const [section, placements] of Object.entries(layout) as [RequirementSection, Placement[]][]) {
    for (const placement of placements) {
      const requirement = requirements.get(placement.codeLabel);
      if (!requirement) throw new Error(`Demo seed: no requirement ${placement.codeLabel}`);
      em.create(VersionRequirement, {
        version,
        requirement,
        section,
        required: placement.required ?? false,
        group: placement.group ?? null,
        position: position++,
      });
    }
  }
}
