import { ChangeSetType, type EventSubscriber, type FlushEventArgs, type TransactionEventArgs } from '@mikro-orm/core';

/**
 * Hands over entities created by a flush only once their transaction has committed, so nothing is announced
 * for a change that was rolled back. A flush outside a transaction commits on its own (afterFlush comes after
 * its commit); inside em.transactional / begin() the items wait for the root transaction's commit.
 */
export class AfterCommit<T> implements EventSubscriber {
  private readonly waiting = new WeakMap<object, T[]>();

  constructor(
    /** The item to hand over for a created entity, or null to skip it. */
    private readonly pick: (entity: object) => T | null,
    private readonly committed: (items: T[]) => Promise<void>,
  ) {}

  async afterFlush({ em, uow }: FlushEventArgs): Promise<void> {
    const items: T[] = [];
    for (const changeSet of uow.getChangeSets()) {
      if (changeSet.type !== ChangeSetType.CREATE) continue;
      const item = this.pick(changeSet.entity);
      if (item !== null) items.push(item);
    }
    if (items.length === 0) return;
    const transaction = em.getTransactionContext<object>();
    if (!transaction) return this.committed(items);
    const root = rootTransaction(transaction);
    this.waiting.set(root, [...(this.waiting.get(root) ?? []), ...items]);
  }

  async afterTransactionCommit({ transaction }: TransactionEventArgs): Promise<void> {
    if (!transaction) return;
    const root = rootTransaction(transaction as object);
    const items = this.waiting.get(root);
    this.waiting.delete(root);
    if (items?.length) await this.committed(items);
  }

  afterTransactionRollback({ transaction }: TransactionEventArgs): void {
    if (transaction) this.waiting.delete(rootTransaction(transaction as object));
  }
}

/** MikroORM marks a nested (savepoint) transaction with a symbol pointing at its parent. */
export function rootTransaction(transaction: object): object {
  let current = transaction as Record<symbol, unknown>;
  for (;;) {
    const parentKey = Object.getOwnPropertySymbols(current).find((key) => key.description === 'parentTransaction');
    const parent = parentKey ? current[parentKey] : undefined;
    if (!parent || typeof parent !== 'object') return current;
    current = parent as Record<symbol, unknown>;
  }
}
