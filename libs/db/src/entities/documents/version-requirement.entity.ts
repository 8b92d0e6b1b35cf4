import { Entity, Enum, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { REQUIREMENT_SECTIONS, type RequirementSection } from '@casebridge/contracts';
import { DocumentVersion } from './document-version.entity';
import { Requirement } from './requirement.entity';

/** A requirement placed in a section of a document version, with per-version overrides. */
@Entity({ tableName: 'version_requirements' })
export class VersionRequirement {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => DocumentVersion, index: true, deleteRule: 'cascade' })
  version!: Rel<DocumentVersion>;

  @ManyToOne({ entity: () => Requirement, index: true, deleteRule: 'cascade' })
  requirement!: Rel<Requirement>;

  @Enum({ items: [...REQUIREMENT_SECTIONS] })
  section!: RequirementSection;

  @Property({ type: 'boolean', default: false })
  required: Opt<boolean> = false;

  /** Option group of a groupselect this field belongs to (shown only when that option is chosen). */
  @Property({ type: 'string', length: 100, nullable: true })
  group: string | null = null;

  @Property({ type: 'json', nullable: true })
  options: Opt<unknown[] | Record<string, unknown>> | null = null;

  @Property({ type: 'json', nullable: true })
  additionalSettings: Opt<Record<string, unknown>> | null = null;

  @Property({ type: 'integer', default: 0 })
  position: Opt<number> = 0;
}
