export { appendCaseEvent, appendCaseEvents, numberingOf, numberingSql, type NewCaseEvent } from './case-event-log';
export {
  caseEventBroadcasts,
  caseEventMessages,
  caseEventsAfterCommit,
  caseStateBroadcasts,
  type CommittedCaseEvent,
  type StoredCaseEvent,
} from './case-event-broadcasts';
export { caseEscalationsJson, escalationJson } from './case-escalations';
export { loadBroadcastSources, oneEntrySources, type BroadcastSources, type SideWatchers } from './broadcast-sources';
export { caseSnapshotsSql, loadCaseSnapshots, type CaseSnapshot, type SqlRunner } from './case-snapshots';
export {
  caseFeedEntriesOf,
  caseFeedMessages,
  decodeFeedCursor,
  encodeFeedCursor,
  readCaseFeed,
  type FeedEntry,
  type FeedPosition,
} from './case-feed';
