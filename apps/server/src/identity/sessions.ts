import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { schema, type Database } from '@probe/db';

const { identityOidcPayloads: t } = schema;

/** How long a provider session found alive is believed before the database is asked again: a sign-out counts within this. */
export const SESSION_RECHECK_MS = 2_000;
/** Sessions remembered at most (alive or ended); the oldest is forgotten first. */
const MAX_REMEMBERED = 20_000;
/**
 * A session missing on the first look is looked up once more after this: the provider moves a session to a
 * new id (a deleted row, then a saved one) when its user signs in to another client, and a look between the
 * two must not end it for good.
 */
const MISS_RECHECK_MS = 150;

/**
 * Whether the built-in provider's session that a token was issued in still exists, for the token's
 * account and client: a signed-out session's tokens stop working within SESSION_RECHECK_MS instead of at
 * their expiry. What oidc-provider checks for its own session-bound opaque tokens (`expiresWithSession`),
 * for our JWTs. An answer is kept for a couple of seconds per instance, alive or not (a client signed out
 * of a session that lives on may sign in to it again): one indexed read per session, client and instance
 * every two seconds at most, and concurrent checks share their read.
 */
export class LiveSessions {
  readonly #known = new Map<string, { live: boolean; until: number }>();
  readonly #asking = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Database,
    private readonly recheckMs = SESSION_RECHECK_MS,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** True while session `sid` exists, belongs to account `sub`, and still holds an authorization of `clientId`. */
  async live(sid: string, sub: string, clientId: string): Promise<boolean> {
    const key = `${sid}\u0000${sub}\u0000${clientId}`;
    const known = this.#known.get(key);
    if (known && known.until > this.now()) return known.live;
    let asking = this.#asking.get(key);
    if (!asking) {
      asking = this.#ask(sid, sub, clientId).then((live) => {
        this.#remember(key, live);
        return live;
      }).finally(() => this.#asking.delete(key));
      this.#asking.set(key, asking);
    }
    return asking;
  }

  async #ask(sid: string, sub: string, clientId: string): Promise<boolean> {
    if (await this.#exists(sid, sub, clientId)) return true;
    await new Promise((resolve) => setTimeout(resolve, MISS_RECHECK_MS));
    return this.#exists(sid, sub, clientId);
  }

  async #exists(sid: string, sub: string, clientId: string): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(t)
      .where(and(
        eq(t.model, 'Session'),
        eq(t.uid, sid),
        or(isNull(t.expiresAt), gt(t.expiresAt, sql`now()`)),
        sql`${t.payload}->>'accountId' = ${sub}`,
        sql`${t.payload}->'authorizations'->${clientId} is not null`,
      ))
      .limit(1);
    return rows.length > 0;
  }

  #remember(key: string, live: boolean): void {
    this.#known.delete(key);
    this.#known.set(key, { live, until: this.now() + this.recheckMs });
    if (this.#known.size > MAX_REMEMBERED) this.#known.delete(this.#known.keys().next().value!);
  }
}
