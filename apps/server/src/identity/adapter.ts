import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { schema, type Database } from '@probe/db';

const { identityOidcPayloads: t } = schema;

/**
 * oidc-provider's storage on the database: sessions, interactions, authorization codes, grants, … one
 * row per (model, id). A restart keeps them, and every instance sees the same ones. Expiry is checked on
 * read; `sweepExpired` deletes what has expired.
 */
export function createDatabaseAdapter(db: Database): (model: string) => Adapter {
  return (model) => new DatabaseAdapter(db, model);
}

class DatabaseAdapter implements Adapter {
  constructor(
    private readonly db: Database,
    private readonly model: string,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    const row = {
      payload: payload as Record<string, unknown>,
      grantId: payload.grantId ?? null,
      userCode: payload.userCode ?? null,
      uid: payload.uid ?? null,
      expiresAt: expiresIn ? new Date(Date.now() + expiresIn * 1000) : null,
    };
    await this.db
      .insert(t)
      .values({ model: this.model, id, ...row })
      .onConflictDoUpdate({ target: [t.model, t.id], set: row });
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.#one(eq(t.id, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.#one(eq(t.uid, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.#one(eq(t.userCode, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.db.update(t).set({ consumedAt: sql`now()` }).where(and(eq(t.model, this.model), eq(t.id, id)));
  }

  async destroy(id: string): Promise<void> {
    await this.db.delete(t).where(and(eq(t.model, this.model), eq(t.id, id)));
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.db.delete(t).where(and(eq(t.model, this.model), eq(t.grantId, grantId)));
  }

  async #one(match: ReturnType<typeof eq>): Promise<AdapterPayload | undefined> {
    const [row] = await this.db
      .select({ payload: t.payload, consumedAt: t.consumedAt })
      .from(t)
      .where(and(eq(t.model, this.model), match, or(isNull(t.expiresAt), gt(t.expiresAt, sql`now()`))))
      .limit(1);
    if (!row) return undefined;
    return { ...row.payload, ...(row.consumedAt ? { consumed: Math.floor(row.consumedAt.getTime() / 1000) } : {}) } as AdapterPayload;
  }
}

/** Deletes every stored artefact that has expired. */
export async function sweepExpired(db: Database): Promise<void> {
  await db.delete(t).where(lt(t.expiresAt, sql`now()`));
}
