import type { EntityManager } from '@mikro-orm/postgresql';
import { entryVisibleSql, readerSideSql } from '../../attention/reader-sql';

/**
 * Each demo case's submitter and note authors watch it, read up to their own last entry: what the partner did
 * after that shows as unread, as it would for a real user who has not looked since.
 */
export async function watchDemoCases(em: EntityManager): Promise<void> {
  await em.execute(
    `insert into case_readers (user_id, case_id, side, watching, read_seq, read_count)
     select e.actor_user_id, c.id, s.side, true, max(e.seq),
            (select count(*) from case_events v where v.case_id = c.id and v.seq <= max(e.seq)
               and ${entryVisibleSql('v', 's.side')})
       from case_events e
       join cases c on c.id = e.case_id
       join users u on u.id = e.actor_user_id
       cross join lateral (select ${readerSideSql('c', 'u.company_id')} as side) s
      where s.side in ('submitter', 'receiver')
      group by e.actor_user_id, c.id, s.side
     on conflict do nothing`,
  );
}
