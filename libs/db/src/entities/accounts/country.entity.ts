import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

@Entity({ tableName: 'countries' })
export class Country {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'string', length: 100, index: true })
  name!: string;

  /** ISO 3166-1 alpha-2, upper case. */
  @Property({ type: 'string', length: 2, unique: true })
  countryCode!: string;
}
