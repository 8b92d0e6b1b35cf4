import { Entity, Enum, type Opt, PrimaryKey, Property } from '@mikro-orm/core';
import { REQUIREMENT_TYPES, type RequirementType } from '@casebridge/contracts';

/**
 * A reusable dynamic form field. `options` and `additionalSettings` depend on the type:
 * select lists options (and allow_other), tierselect main/sub options with linked fields,
 * groupselect option groups, db_select the model to read options from.
 */
@Entity({ tableName: 'requirements' })
export class Requirement {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Enum({ items: [...REQUIREMENT_TYPES] })
  type!: RequirementType;

  @Property({ type: 'string', length: 255 })
  label!: string;

  /** Stable key of the field in exports and json documents. */
  @Property({ type: 'string', length: 100 })
  codeLabel!: string;

  @Property({ type: 'json', nullable: true })
  options: Opt<unknown[] | Record<string, unknown>> | null = null;

  @Property({ type: 'json', nullable: true })
  additionalSettings: Opt<Record<string, unknown>> | null = null;
}
