export { watchForEntries } from './auto-watch';
export {
  isNotificationCursor,
  MAX_REPLAYED_NOTIFICATIONS,
  notificationPage,
  notificationsAfter,
  unreadTotal,
  type NotificationRead,
} from './notifications';
export { entriesOfSide, entryVisibleSql, readerSideSql } from './reader-sql';
export {
  claimDigest,
  digestEntries,
  dueDigests,
  MAX_DIGEST_ENTRIES,
  type DigestEntry,
  type DigestRead,
  type DueDigest,
} from './digest';
