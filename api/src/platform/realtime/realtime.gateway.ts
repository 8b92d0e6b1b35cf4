import { Logger } from '@nestjs/common';
import { OnGatewayDisconnect, OnGatewayInit, SubscribeMessage, WebSocketGateway } from '@nestjs/websockets';
import {
  CASE_AUDIENCES,
  CASE_NOT_FOUND,
  CaseTokenRequest,
  CLIENT_EVENTS,
  FollowCaseRequest,
  FollowNotificationsRequest,
  isCompanyAdminRole,
  rooms,
  SERVER_EVENTS,
  SOCKET_CONNECT_ERRORS,
  TypingRequest,
  type CaseEventType,
  type ClientToServerEvents,
  type FollowCaseAnswer,
  type FollowNotificationsAnswer,
  type ServerToClientEvents,
} from '@casebridge/contracts';
import {
  Case,
  caseEventMessages,
  isNotificationCursor,
  MAX_REPLAYED_NOTIFICATIONS,
  notificationPage,
  notificationsAfter,
  type SqlRunner,
} from '@casebridge/db';
import { EntityManager } from '@mikro-orm/postgresql';
import type { Server, Socket } from 'socket.io';
import type { Actor } from '../access/actor';
import { SessionTokenService } from '../authentication/session-token.service';
import { preparedRunner } from '../common/prepared-reads';
import { CaseFollowRulesRegistry, type CaseFollowTarget } from './case-follow-rules';
import { LIVE_WORK_SLOTS, WorkSlots } from './live-work-slots';
import { withOrmContext } from './orm-context';
import { PresenceService } from './presence.service';
import { RealtimePublisher, sessionRoom } from './realtime.publisher';
import { SharedReads } from './shared-reads';

/** Longer than any case token the api makes: refused without a query. */
const MAX_CASE_TOKEN_LENGTH = 200;
/** Missed events handed back on one follow; older gaps mean the client should reload the case. */
const MAX_MISSED_EVENTS = 500;

/** The name a user's sockets show in presence lists (as User.fullName, else the address), and their company's. */
const HANDSHAKE_USER_SQL = `select coalesce(nullif(trim(u.first_name || ' ' || u.last_name), ''), u.email) as name,
    co.name as company_name
  from users u left join companies co on co.id = u.company_id
  where u.id = ?`;

/** What a follow answers besides `ok`: the case's number and the entries missed up to it. */
type Replay = Omit<Extract<FollowCaseAnswer, { ok: true }>, 'ok'>;

/** The case's number and one missed entry (all null past the last one). */
interface MissedRow {
  event_seq: number;
  seq: number | null;
  type: string | null;
  actor_label: string | null;
  created_at: Date | null;
  payload: Record<string, unknown> | null;
  visible_to: 'submitter' | 'receiver' | null;
}
/**
 * Presence changes of one case within this window go out as one `case.presence`: a room of n sockets that all
 * (re)follow at once (a reconnect storm) would otherwise get n broadcasts of n packets each, n² in all.
 */
export const PRESENCE_COALESCE_MS = 150;

interface SocketData {
  actor: Actor | null;
  name: string;
  companyName: string | null;
  /** The case a public token page may follow. */
  caseToken: string | null;
  /** The cases this socket follows, by token: it is in their rooms. */
  followed: Map<string, CaseFollowTarget>;
  /** The last follow asked per case token: an older one still waiting for its turn is dropped. */
  followAttempts: Map<string, number>;
}

type CasebridgeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The handshake's credentials are wrong (as opposed to the server failing to check them). */
class HandshakeRefused extends Error {}

/**
 * Sockets authenticate with the same bearer token as the api (or a case token on public pages), then join
 * their user, company and (super admins) back-office rooms. Following a case (the same access rule as reading
 * it, as the cases domain registers it: case-follow-rules.ts) joins its room and its audience's room, and returns every entry after the sequence
 * number the client last saw, as that audience sees it, so nothing is missed across reconnects.
 */
@WebSocketGateway()
export class RealtimeGateway implements OnGatewayInit, OnGatewayDisconnect {
  private readonly logger = new Logger('Realtime');
  /** Cases whose presence broadcast is scheduled. */
  private readonly presencePending = new Set<number>();

  private readonly liveWork = new WorkSlots(LIVE_WORK_SLOTS);
  /** Follows' replays, by case, audience and the seq they follow from. */
  private readonly replays = new SharedReads<Replay>();

  constructor(
    private readonly em: EntityManager,
    private readonly sessions: SessionTokenService,
    private readonly presence: PresenceService,
    private readonly publisher: RealtimePublisher,
    private readonly followRules: CaseFollowRulesRegistry,
  ) {}

  afterInit(server: Server): void {
    this.publisher.attach(server);
    server.use((socket, next) => {
      // A stopping instance takes no new socket: refused as unavailable, the client tries again through the
      // balancer, which by then sends it elsewhere.
      if (!this.publisher.acceptsSockets) return next(new Error(SOCKET_CONNECT_ERRORS.unavailable));
      this.liveWork
        .run(() => this.authenticate(socket as CasebridgeSocket))
        .then(
          () => next(),
          (error: unknown) => next(this.connectError(error)),
        );
    });
  }

  /**
   * What a refused client is told: `unauthorized` when its credentials are wrong, else `unavailable` (a database
   * hiccup, pool exhausted under a reconnect storm), so that it tries again; the cause stays in the server's log.
   */
  private connectError(error: unknown): Error {
    if (error instanceof HandshakeRefused) return new Error(SOCKET_CONNECT_ERRORS.unauthorized);
    this.logger.warn(`handshake not checked: ${error instanceof Error ? error.message : String(error)}`);
    return new Error(SOCKET_CONNECT_ERRORS.unavailable);
  }

  private async authenticate(socket: CasebridgeSocket): Promise<void> {
    const auth = socket.handshake.auth as { token?: unknown; case_token?: unknown };
    socket.data.followed = new Map();
    socket.data.followAttempts = new Map();
    socket.data.caseToken = typeof auth.case_token === 'string' ? auth.case_token : null;
    socket.data.actor = null;
    socket.data.name = 'Guest via case link';
    socket.data.companyName = null;
    if (typeof auth.token === 'string') {
      const actor = await withOrmContext(this.em, () => this.sessions.authenticate(auth.token as string));
      if (!actor) throw new HandshakeRefused();
      // Who the presence list shows: one prepared statement (a reconnect wave brings hundreds of these at once).
      const [user] = await preparedRunner(this.em)<{ name: string; company_name: string | null }>(HANDSHAKE_USER_SQL, [
        actor.userId,
      ]);
      if (!user) throw new HandshakeRefused();
      socket.data.actor = actor;
      socket.data.name = user.name;
      socket.data.companyName = user.company_name;
      await socket.join(rooms.user(actor.userId));
      await socket.join(sessionRoom(actor.sessionId));
      if (actor.companyId) await socket.join(rooms.company(actor.companyId));
      if (actor.companyId && isCompanyAdminRole(actor.role)) await socket.join(rooms.companyAdmins(actor.companyId));
      if (actor.role === 'super_admin') await socket.join(rooms.superAdmins);
      return;
    }
    // A public page's socket is let in only with the token of a case that exists: a made-up token gets no
    // connection at all (docs/realtime.md), not a socket that merely cannot follow anything.
    const caseToken = socket.data.caseToken;
    if (!caseToken || caseToken.length > MAX_CASE_TOKEN_LENGTH) throw new HandshakeRefused();
    const known = await withOrmContext(this.em, () => this.em.count(Case, { token: caseToken, deletedAt: null }));
    if (known === 0) throw new HandshakeRefused();
  }

  @SubscribeMessage(CLIENT_EVENTS.followCase)
  async follow(socket: CasebridgeSocket, raw: unknown): Promise<FollowCaseAnswer> {
    const request = FollowCaseRequest.safeParse(raw);
    if (!request.success) return { ok: false, error: CASE_NOT_FOUND };
    const { case_token: token, after_seq: afterSeq = 0 } = request.data;
    const attempt = (socket.data.followAttempts.get(token) ?? 0) + 1;
    socket.data.followAttempts.set(token, attempt);
    const followed = socket.data.followed.get(token);
    // Followed already (again after a gap in what it received): only what it missed, without waiting for a turn
    // behind a wave of newcomers. Its access was checked when it joined the case's rooms, which send it every
    // entry anyway, and its presence is recorded.
    const answer: Promise<FollowCaseAnswer> = followed
      ? withOrmContext(this.em, () => this.sharedReplay(followed, afterSeq)).then((replay) => ({ ok: true, ...replay }))
      : this.liveWork.run(() => this.followNow(socket, token, afterSeq, attempt));
    return answer.catch((error: unknown) => {
      // The database away for a moment: said at once (the client follows again shortly), not left unanswered
      // until the client's own timeout.
      this.logger.warn(`follow not answered: ${error instanceof Error ? error.message : String(error)}`);
      return { ok: false, error: SOCKET_CONNECT_ERRORS.unavailable };
    });
  }

  private followNow(
    socket: CasebridgeSocket,
    token: string,
    afterSeq: number,
    attempt: number,
  ): Promise<FollowCaseAnswer> {
    return withOrmContext(this.em, async () => {
      // Gone while waiting for its turn (a client that gave up, or another reconnect), or asked again meanwhile
      // (a client whose wait for this answer ran out): nobody reads this answer.
      if (socket.disconnected || socket.data.followAttempts.get(token) !== attempt) {
        return { ok: false, error: CASE_NOT_FOUND };
      }
      const follower = socket.data.actor
        ? { actor: socket.data.actor }
        : { caseLinkToken: socket.data.caseToken ?? '' };
      const target = await this.followRules.followTarget(follower, token);
      if (!target) return { ok: false, error: CASE_NOT_FOUND };
      // The case room carries presence; the audience room this follower's version of every event.
      await socket.join([rooms.case(target.caseId), rooms.caseAudience(target.caseId, target.audience)]);
      socket.data.followed.set(token, target);
      const replay = await this.sharedReplay(target, afterSeq);
      // Presence is a courtesy: Redis away for a moment must not cost the follower its replay.
      await this.presence
        .join(target.caseId, socket.id, {
          key: socket.data.actor ? `user-${socket.data.actor.userId}` : `link-${socket.id}`,
          name: socket.data.name,
          company: socket.data.companyName,
          typing: false,
        })
        .then(
          () => this.schedulePresence(target.caseId, token),
          (error: unknown) => this.logger.warn(`presence not recorded: ${String(error)}`),
        );
      return { ok: true, ...replay };
    });
  }

  /**
   * Followers of the same case and audience that missed the same entries (a reconnect wave, or every follower
   * after one entry arrived late) share one read, begun after each of them joined the rooms (SharedReads).
   */
  private sharedReplay(target: CaseFollowTarget, afterSeq: number): Promise<Replay> {
    return this.replays.read(`${target.caseId}:${target.audience}:${afterSeq}`, () => this.replay(target, afterSeq));
  }

  /**
   * The case's current number and the entries after `afterSeq` up to it, as `target`'s audience sees them, in one
   * statement, so one snapshot: an entry is there exactly when its number is counted. An entry after `seq` reaches
   * the follower live (it joined the rooms before this read began).
   */
  private async replay(target: CaseFollowTarget, afterSeq: number): Promise<Replay> {
    const run = preparedRunner(this.em);
    const rows = await run<MissedRow>(
      `select c.event_seq, e.seq, e.type, e.actor_label, e.created_at, e.payload, e.visible_to
           from cases c
           left join lateral (select * from case_events e
                               where e.case_id = c.id and e.seq > ? and e.seq <= c.event_seq
                               order by e.seq limit ?) e on true
          where c.id = ?`,
      [afterSeq, MAX_MISSED_EVENTS + 1, target.caseId],
    );
    const events = rows.filter((row) => row.seq !== null);
    const missed = await caseEventMessages(
      run,
      events.slice(0, MAX_MISSED_EVENTS).map((event) => ({
        caseId: target.caseId,
        seq: event.seq!,
        type: event.type as CaseEventType,
        actorLabel: event.actor_label,
        createdAt: new Date(event.created_at!),
        payload: event.payload,
        // An entry kept for the other side (its internal note) is left out: a gap in this follower's seq.
        visibleTo: event.visible_to,
      })),
      target.audience,
    );
    return { seq: rows[0]?.event_seq ?? 0, missed, complete: events.length <= MAX_MISSED_EVENTS };
  }

  /**
   * The notification centre after a (re)connect: every entry of the user's watched cases past the cursor of their
   * last answer, and the unread total read in the same statement (the bell is set to it, then counts live entries
   * whose seq is new to it).
   */
  @SubscribeMessage(CLIENT_EVENTS.followNotifications)
  async followNotifications(socket: CasebridgeSocket, raw: unknown): Promise<FollowNotificationsAnswer> {
    const request = FollowNotificationsRequest.safeParse(raw);
    const actor = socket.data.actor;
    if (!actor) return { ok: false, error: 'Sign in to follow notifications.' };
    if (!request.success || (request.data.after !== undefined && !isNotificationCursor(request.data.after))) {
      return { ok: false, error: 'The cursor is not valid.' };
    }
    const em = this.em.fork();
    const run: SqlRunner = (sql, params) => em.execute(sql, [...params]);
    // Without a cursor the client has no list yet: the total and a cursor to start from.
    const read =
      request.data.after === undefined
        ? await notificationPage(run, actor.userId, { limit: 0 })
        : await notificationsAfter(run, actor.userId, request.data.after);
    const complete = read.items.length <= MAX_REPLAYED_NOTIFICATIONS;
    return {
      ok: true,
      unread_total: read.unreadTotal,
      items: read.items.slice(0, MAX_REPLAYED_NOTIFICATIONS).map(({ id: _id, ...item }) => item),
      complete,
      cursor: read.cursor,
    };
  }

  @SubscribeMessage(CLIENT_EVENTS.unfollowCase)
  async unfollow(socket: CasebridgeSocket, raw: unknown): Promise<{ ok: boolean }> {
    const request = CaseTokenRequest.safeParse(raw);
    const caseId = request.success ? socket.data.followed.get(request.data.case_token)?.caseId : undefined;
    if (!request.success || caseId === undefined) return { ok: false };
    socket.data.followed.delete(request.data.case_token);
    await socket.leave(rooms.case(caseId));
    for (const audience of CASE_AUDIENCES) await socket.leave(rooms.caseAudience(caseId, audience));
    await this.presence.leave(caseId, socket.id);
    this.schedulePresence(caseId, request.data.case_token);
    return { ok: true };
  }

  @SubscribeMessage(CLIENT_EVENTS.typing)
  async typing(socket: CasebridgeSocket, raw: unknown): Promise<{ ok: boolean }> {
    const request = TypingRequest.safeParse(raw);
    const caseId = request.success ? socket.data.followed.get(request.data.case_token)?.caseId : undefined;
    if (!request.success || caseId === undefined) return { ok: false };
    const changed = await this.presence.setTyping(caseId, socket.id, request.data.typing);
    if (changed) this.schedulePresence(caseId, request.data.case_token);
    return { ok: changed };
  }

  async handleDisconnect(socket: CasebridgeSocket): Promise<void> {
    for (const [token, { caseId }] of socket.data.followed ?? []) {
      await this.presence
        .leave(caseId, socket.id)
        .catch((error: unknown) => this.logger.warn(`presence cleanup failed: ${String(error)}`));
      this.schedulePresence(caseId, token);
    }
  }

  /** One broadcast per case per window, read when it goes out, so it holds every change made meanwhile. */
  private schedulePresence(caseId: number, token: string): void {
    if (this.presencePending.has(caseId)) return;
    this.presencePending.add(caseId);
    setTimeout(() => {
      this.presencePending.delete(caseId);
      this.presence.viewers(caseId, token).then(
        (viewers) => this.publisher.emit(rooms.case(caseId), SERVER_EVENTS.presence, viewers),
        (error: unknown) => this.logger.warn(`presence broadcast failed: ${String(error)}`),
      );
    }, PRESENCE_COALESCE_MS).unref();
  }
}
