import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** Help text shown next to a screen element; {content.x} placeholders are filled when served. */
@Entity({ tableName: 'help_hints' })
export class HelpHint {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 100, unique: true })
  flag!: string;

  @Property({ type: 'string', length: 255 })
  title!: string;

  @Property({ type: 'text' })
  content!: string;
}
