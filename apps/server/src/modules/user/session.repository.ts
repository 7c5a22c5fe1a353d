import type { Insertable, Kysely, Selectable } from 'kysely';
import type { ActorMember } from '../auth/authenticator';
import { preparedQuery } from '../../db/prepared-query';
import type { Database, RefreshTokenTable, SessionTable } from '../../db/schema';

export type SessionRow = Selectable<SessionTable>;
export type RefreshTokenRow = Selectable<RefreshTokenTable>;

/** Why a session ended. */
export type RevokeReason =
  | 'signout'
  | 'reuse'
  | 'password_reset'
  | 'password_change'
  | 'member'
  | 'account_deletion'
  | 'blocked'
  | 'operator';

/** The session of a request, when its user may act. */
export interface ActiveSession {
  sessionId: string;
  userId: string;
  clientId: string;
  /** When the session was last stamped as used, in milliseconds (compared on every call). */
  lastUsedMs: number;
  expiresAt: string;
  /** The member's row, read in the same query (a signed-in call's one read). */
  member: ActorMember;
}

/** The sessions its member may still act through, from which one is picked by a value. */
function activeSessions(db: Kysely<Database>, now: string) {
  return (
    db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select((eb) => [
        'sessions.id as sessionId',
        'sessions.user_id as userId',
        'sessions.client_id as clientId',
        'sessions.last_used_at as lastUsedAt',
        'sessions.expires_at as expiresAt',
        'users.name',
        'users.email',
        'users.phone_number',
        'users.picture',
        'users.status',
        'users.created_at',
        // Whether a password is set, not the hash: the row may be kept in memory for a while.
        eb('users.password_hash', 'is not', null).as('has_password'),
      ])
      .where('sessions.revoked_at', 'is', null)
      .where('sessions.expires_at', '>', now)
      // A member blocked or frozen after signing in loses access at once.
      .where('users.status', '=', 'active')
  );
}

/** The lookups of every signed-in call, compiled once. */
export const activeSessionById = preparedQuery(
  (db: Kysely<Database>, values: { sessionId: string; now: string }) =>
    activeSessions(db, values.now).where('sessions.id', '=', values.sessionId),
);
export const activeSessionByCookie = preparedQuery(
  (db: Kysely<Database>, values: { cookieTokenHash: string; now: string }) =>
    activeSessions(db, values.now).where('sessions.cookie_token_hash', '=', values.cookieTokenHash),
);

type ActiveSessionRow = Awaited<ReturnType<typeof activeSessionById.execute>>[number];

function toActiveSession(row: ActiveSessionRow | undefined): ActiveSession | undefined {
  if (row === undefined) {
    return undefined;
  }
  return {
    sessionId: row.sessionId,
    userId: row.userId,
    clientId: row.clientId,
    lastUsedMs: Date.parse(row.lastUsedAt),
    expiresAt: row.expiresAt,
    member: {
      id: row.userId,
      name: row.name,
      email: row.email,
      phone_number: row.phone_number,
      picture: row.picture,
      status: row.status,
      created_at: row.created_at,
      // SQLite answers 0 or 1, PostgreSQL a boolean.
      has_password: Boolean(row.has_password),
    },
  };
}

/** Sessions (refresh-token families) and their refresh tokens. */
export function createSessionRepository(db: Kysely<Database>) {
  return {
    /** Creates a session with its first refresh token, in one transaction. */
    async create(
      session: Insertable<SessionTable>,
      refresh: Insertable<RefreshTokenTable>,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.insertInto('sessions').values(session).execute();
        await trx.insertInto('refresh_tokens').values(refresh).execute();
      });
    },

    async findActive(sessionId: string, now: Date): Promise<ActiveSession | undefined> {
      const [row] = await activeSessionById.execute(db, {
        sessionId,
        now: now.toISOString(),
      });
      return toActiveSession(row);
    },

    async findActiveByCookie(
      cookieTokenHash: string,
      now: Date,
    ): Promise<ActiveSession | undefined> {
      const [row] = await activeSessionByCookie.execute(db, {
        cookieTokenHash,
        now: now.toISOString(),
      });
      return toActiveSession(row);
    },

    async findByCookie(cookieTokenHash: string): Promise<SessionRow | undefined> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('cookie_token_hash', '=', cookieTokenHash)
        .executeTakeFirst();
    },

    async findById(sessionId: string): Promise<SessionRow | undefined> {
      return db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
    },

    /** A refresh token with its session, whatever their state. */
    async findRefreshToken(
      tokenHash: string,
    ): Promise<{ token: RefreshTokenRow; session: SessionRow } | undefined> {
      const token = await db
        .selectFrom('refresh_tokens')
        .selectAll()
        .where('token_hash', '=', tokenHash)
        .executeTakeFirst();
      if (!token) {
        return undefined;
      }
      const session = await db
        .selectFrom('sessions')
        .selectAll()
        .where('id', '=', token.session_id)
        .executeTakeFirst();
      return session ? { token, session } : undefined;
    },

    /**
     * Replaces a refresh token by its successor and extends the session. Returns false, changing
     * nothing, when the token was rotated already: a parallel or replayed use.
     */
    async rotate(
      tokenId: string,
      successor: Insertable<RefreshTokenTable>,
      sessionExpiresAt: Date,
      now: Date,
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const marked = await trx
          .updateTable('refresh_tokens')
          .set({ rotated_at: now.toISOString() })
          .where('id', '=', tokenId)
          .where('rotated_at', 'is', null)
          .executeTakeFirst();
        if (marked.numUpdatedRows === 0n) {
          return false;
        }
        await trx.insertInto('refresh_tokens').values(successor).execute();
        await trx
          .updateTable('sessions')
          .set({ expires_at: sessionExpiresAt.toISOString(), last_used_at: now.toISOString() })
          .where('id', '=', successor.session_id)
          .execute();
        return true;
      });
    },

    async touch(sessionId: string, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ last_used_at: now.toISOString() })
        .where('id', '=', sessionId)
        .execute();
    },

    async revoke(sessionId: string, reason: RevokeReason, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now.toISOString(), revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    /** The member's open sessions, most recently used first. */
    async listActiveOfUser(userId: string, now: Date): Promise<SessionRow[]> {
      return db
        .selectFrom('sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .where('expires_at', '>', now.toISOString())
        .orderBy('last_used_at', 'desc')
        .orderBy('id')
        .execute();
    },

    /** Ends one open session of a member; false when it is not theirs or not open. */
    async revokeOfUser(
      sessionId: string,
      userId: string,
      reason: RevokeReason,
      now: Date,
    ): Promise<boolean> {
      const result = await db
        .updateTable('sessions')
        .set({ revoked_at: now.toISOString(), revoked_reason: reason })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },

    /** Ends every open session of a member but one. */
    async revokeOthersOfUser(
      userId: string,
      keptSessionId: string,
      reason: RevokeReason,
      now: Date,
    ): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now.toISOString(), revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('id', '!=', keptSessionId)
        .where('revoked_at', 'is', null)
        .execute();
    },

    async revokeAllOfUser(userId: string, reason: RevokeReason, now: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: now.toISOString(), revoked_reason: reason })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
