import { createHash, randomBytes } from 'node:crypto';
import { schema, type Database } from '@probe/db';
import { and, eq, gt, lte } from 'drizzle-orm';

/** How long a handoff code can be redeemed, in seconds. */
export const HANDOFF_TTL_S = 60;

const hash = (code: string) => createHash('sha256').update(code).digest('base64url');

/**
 * Mobile handoffs (docs/decisions/0013): the app, signed in, trades its access token for a code of 256
 * random bits; the web store redeems the code once, within 60 s, for the same token. Only the code's
 * SHA-256 is kept, so the table alone gives nothing to redeem.
 */
export class Handoffs {
  constructor(private readonly db: Database, private readonly now: () => Date) {}

  /** Stores the (already verified) token under a fresh code and answers the code. */
  async issue(token: string): Promise<{ code: string; expiresIn: number }> {
    const code = randomBytes(32).toString('base64url');
    const now = this.now();
    await this.sweep(now);
    await this.db.insert(schema.authHandoffs).values({ codeHash: hash(code), token, expiresAt: new Date(now.getTime() + HANDOFF_TTL_S * 1000) });
    return { code, expiresIn: HANDOFF_TTL_S };
  }

  /**
   * The token of a live code, deleting the row in the same statement: of two concurrent redeems of one
   * code only one gets a row back. Null for an unknown, used or expired code.
   */
  async redeem(code: string): Promise<string | null> {
    const now = this.now();
    const [row] = await this.db
      .delete(schema.authHandoffs)
      .where(and(eq(schema.authHandoffs.codeHash, hash(code)), gt(schema.authHandoffs.expiresAt, now)))
      .returning({ token: schema.authHandoffs.token });
    return row?.token ?? null;
  }

  /** Drops expired codes; done on the way at each issue, so the table holds about a minute of handoffs. */
  private async sweep(now: Date): Promise<void> {
    await this.db.delete(schema.authHandoffs).where(lte(schema.authHandoffs.expiresAt, now));
  }
}
