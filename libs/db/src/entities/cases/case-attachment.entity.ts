import { Entity, Enum, Index, ManyToOne, type Opt, PrimaryKey, Property, type Rel } from '@mikro-orm/core';
import { ATTACHMENT_UPLOAD_STATES, type AttachmentUploadState } from '@casebridge/contracts';
import { createdAtColumn, timestampColumn } from '../columns';
import { Company } from '../accounts/company.entity';
import { User } from '../accounts/user.entity';
import { Case } from './case.entity';

/** A file added to a case; the worker forwards it to the collaboration service when one is configured. */
@Entity({ tableName: 'case_attachments' })
@Index({ properties: ['uploadState'] })
export class CaseAttachment {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @ManyToOne({ entity: () => Case, index: true, deleteRule: 'cascade' })
  case!: Rel<Case>;

  @ManyToOne({ entity: () => User, index: true, nullable: true, deleteRule: 'set null' })
  user: Rel<User> | null = null;

  @ManyToOne({ entity: () => Company, index: true, nullable: true, deleteRule: 'set null' })
  company: Rel<Company> | null = null;

  @Property({ type: 'string', length: 255 })
  originalFilename!: string;

  /** Path relative to STORAGE_DIR. */
  @Property({ type: 'string', length: 500 })
  storagePath!: string;

  @Property({ type: 'bigint', runtimeType: 'number' })
  sizeBytes!: number;

  @Property({ type: 'string', length: 100, nullable: true })
  mimeType: string | null = null;

  @Property({ type: 'text', nullable: true })
  description: string | null = null;

  @Enum({ items: [...ATTACHMENT_UPLOAD_STATES], default: 'pending' })
  uploadState: Opt<AttachmentUploadState> = 'pending';

  @Property({ type: 'integer', default: 0 })
  attempts: Opt<number> = 0;

  @Property({ type: 'text', nullable: true })
  lastError: string | null = null;

  @Property(createdAtColumn())
  createdAt: Opt<Date> = new Date();

  @Property(timestampColumn({ nullable: true }))
  uploadedAt: Date | null = null;
}
