import { Entity, Enum, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { REQUIREMENT_SECTIONS, type RequirementSection } from '@casebridge/contracts';
import { Requirement } from '../documents/requirement.entity';
import { Case } from './case.entity';

/** One answered requirement field of a case; purged one month after submission. */
@Entity({ tableName: 'case_customer_data' })
export class CaseCustomerData {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Case, index: true, deleteRule: 'cascade' })
  case!: Rel<Case>;

  @Enum({ items: [...REQUIREMENT_SECTIONS] })
  section!: RequirementSection;

  /** The field's label at submission time. */
  @Property({ type: 'string', length: 255 })
  field!: string;

  @Property({ type: 'text', nullable: true })
  value: string | null = null;

  /** Requirement type at submission time (hidden rows are not shown). */
  @Property({ type: 'string', length: 50, default: 'string' })
  type: Opt<string> = 'string';

  @ManyToOne({ entity: () => Requirement, index: true, nullable: true, deleteRule: 'set null' })
  requirement: Rel<Requirement> | null = null;
}
