import { AuthSession, Company, rootTransaction, User } from '@casebridge/db';
import {
  ChangeSetType,
  type ChangeSet,
  type EntityManager,
  type EventSubscriber,
  type FlushEventArgs,
  type TransactionEventArgs,
} from '@mikro-orm/core';
import { isEmpty, type SessionKeys } from './session-cache';

/**
 * The columns a session's actor is read from (SESSION_ACTOR_SQL): a flush that changes one of them, or deletes the
 * row, makes cached actors stale. Other columns (names, last login...) change nothing the guard answers.
 */
const ACTOR_PROPERTIES = {
  session: ['currentJti', 'revokedAt', 'impersonator', 'user'],
  user: ['role', 'status', 'approvalStatus', 'company'],
  company: ['status', 'membershipType'],
} as const;

function touches(changeSet: ChangeSet<object>, properties: readonly string[]): boolean {
  switch (changeSet.type) {
    case ChangeSetType.DELETE:
    case ChangeSetType.DELETE_EARLY:
      return true;
    case ChangeSetType.UPDATE:
    case ChangeSetType.UPDATE_EARLY:
      return properties.some((property) => property in changeSet.payload);
    default:
      return false;
  }
}

/** What the flushed change sets make stale; created rows make nothing stale. */
export function staleKeysOf(changeSets: readonly ChangeSet<object>[]): SessionKeys {
  const keys = { sessions: [] as string[], users: [] as number[], companies: [] as number[] };
  for (const changeSet of changeSets) {
    const entity = changeSet.entity;
    if (entity instanceof AuthSession && touches(changeSet, ACTOR_PROPERTIES.session)) keys.sessions.push(entity.uuid);
    if (entity instanceof User && touches(changeSet, ACTOR_PROPERTIES.user)) keys.users.push(entity.id);
    if (entity instanceof Company && touches(changeSet, ACTOR_PROPERTIES.company)) keys.companies.push(entity.id);
  }
  return keys;
}

/**
 * Hands stale keys over once they are committed: at once outside a transaction (a flush commits on its own before
 * afterFlush), else when the root transaction commits; a rollback drops them. Announcing before the commit would let
 * another instance read the old row again and cache it after the invalidation had passed.
 */
export class SessionActorChanges implements EventSubscriber {
  private readonly waiting = new WeakMap<object, SessionKeys[]>();

  constructor(private readonly committed: (keys: SessionKeys) => Promise<void>) {}

  /** Keys a service changed with native SQL (revocations), announced like a flush's. */
  async afterCommit(em: EntityManager, keys: SessionKeys): Promise<void> {
    if (isEmpty(keys)) return;
    const transaction = em.getTransactionContext<object>();
    if (!transaction) return this.committed(keys);
    const root = rootTransaction(transaction);
    this.waiting.set(root, [...(this.waiting.get(root) ?? []), keys]);
  }

  async afterFlush({ em, uow }: FlushEventArgs): Promise<void> {
    await this.afterCommit(em, staleKeysOf(uow.getChangeSets()));
  }

  async afterTransactionCommit({ transaction }: TransactionEventArgs): Promise<void> {
    if (!transaction) return;
    const root = rootTransaction(transaction as object);
    const pending = this.waiting.get(root);
    this.waiting.delete(root);
    if (pending?.length) await this.committed(mergeKeys(pending));
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) this.waiting.delete(rootTransaction(transaction as object));
  }
}

function mergeKeys(list: SessionKeys[]): SessionKeys {
  return {
    sessions: [...new Set(list.flatMap((keys) => keys.sessions ?? []))],
    users: [...new Set(list.flatMap((keys) => keys.users ?? []))],
    companies: [...new Set(list.flatMap((keys) => keys.companies ?? []))],
  };
}
