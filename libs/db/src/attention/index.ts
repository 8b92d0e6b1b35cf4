export { actorWatchSql, namesEngineers, watchAsOwner, watchForEntries } from './auto-watch';
export {
  isNotificationCursor,
  MAX_REPLAYED_NOTIFICATIONS,
  notificationPage,
  notificationsAfter,
  unreadTotal,
  type NotificationRead,
} from './notifications';
export { entriesOfSide, entryVisibleSql, readerSideSql, valuesPlaceholders } from './reader-sql';
export {
  claimDigests,
  digestEntriesOf,
  digestReaders,
  dueDigests,
  MAX_DIGEST_ENTRIES,
  type DigestEntry,
  type DigestRead,
  type DigestReader,
  type DueDigest,
} from './digest';
