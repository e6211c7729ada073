import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import { and, desc, eq, gt, lt, notInArray, sql } from 'drizzle-orm';
import { schema, type Database } from '@probe/db';

const { appMeta, identityKnownAddresses, identityUsers } = schema;

/** The cookie that tells a browser an account signed in from before (OWASP's "device cookie"). */
export const DEVICE_COOKIE = 'idp_device';
/** How long a device cookie, and a known address, are trusted after the last sign-in with them. */
export const DEVICE_TTL_S = 180 * 24 * 60 * 60;
/** Accounts one browser keeps device cookies for (the most recent first). */
const ENTRIES_PER_BROWSER = 5;
const ADDRESSES_PER_ACCOUNT = 20;
const META_KEY = 'identity_device_secret';

/**
 * What lets the holder of an account in while strangers are held back (docs/decisions/0030): a device
 * cookie, signed with a secret of the server's, bound to one account, that a browser gets at each
 * successful sign-in; and the addresses an account signed in from before. Failures from a device cookie
 * count against that cookie only, failures from a known address against that address and account, so
 * guessing from anywhere else never locks the holder out.
 *
 * A browser keeps one cookie with up to 5 entries `{id}.{issued}.{mac}` (one per account signed in there):
 * `id` random, `issued` the sign-in's time in seconds (base 36), `mac` an HMAC-SHA256 of the id, the time and
 * the account's e-mail. The cookie names no account: only a server that knows the secret and the e-mail can
 * tell which entry is whose.
 */
export class TrustedClients {
  #secret: Promise<Buffer> | undefined;

  constructor(
    private readonly db: Database,
    private readonly options: { secure: boolean; path: string; now: () => Date },
  ) {}

  /** The id of the browser's device cookie for this account when it holds a valid one; null otherwise. */
  async deviceFor(cookieHeader: string | undefined, email: string): Promise<string | null> {
    const entries = readEntries(cookieHeader);
    if (!entries.length) return null;
    const secret = await this.secret();
    const now = Math.floor(this.options.now().getTime() / 1000);
    for (const entry of entries) {
      const [id, issued, mac] = entry.split('.');
      if (!id || !issued || !mac) continue;
      const issuedS = parseInt(issued, 36);
      if (!(issuedS <= now + 60 && now - issuedS < DEVICE_TTL_S)) continue;
      const expected = sign(secret, id, issued, email);
      const given = Buffer.from(mac, 'base64url');
      if (given.length === expected.length && timingSafeEqual(given, expected)) return id;
    }
    return null;
  }

  /**
   * The Set-Cookie header after a successful sign-in: a new entry for this account first (its old one,
   * if any, replaced: each sign-in renews the cookie), the other accounts' entries kept.
   */
  async deviceCookie(cookieHeader: string | undefined, email: string): Promise<string> {
    const secret = await this.secret();
    const previous = await this.deviceFor(cookieHeader, email);
    const id = randomBytes(16).toString('base64url');
    const issued = Math.floor(this.options.now().getTime() / 1000).toString(36);
    const mine = `${id}.${issued}.${sign(secret, id, issued, email).toString('base64url')}`;
    const others = readEntries(cookieHeader).filter((e) => !previous || !e.startsWith(`${previous}.`));
    const value = [mine, ...others].slice(0, ENTRIES_PER_BROWSER).join('~');
    return [
      `${DEVICE_COOKIE}=${value}`,
      `Path=${this.options.path}`,
      `Max-Age=${DEVICE_TTL_S}`,
      'HttpOnly',
      'SameSite=Strict',
      ...(this.options.secure ? ['Secure'] : []),
    ].join('; ');
  }

  /** Whether the account signed in from this address (an IPv6 address: its /64) in the last 180 days; one statement. */
  async isKnownAddress(email: string, address: string): Promise<boolean> {
    const hash = await this.addressHash(address);
    if (!hash) return false;
    const since = new Date(this.options.now().getTime() - DEVICE_TTL_S * 1000);
    const [row] = await this.db
      .select({ seen: identityKnownAddresses.lastSeenAt })
      .from(identityKnownAddresses)
      .innerJoin(identityUsers, eq(identityUsers.id, identityKnownAddresses.userId))
      .where(and(sql`lower(${identityUsers.email}) = ${email}`, eq(identityKnownAddresses.addressHash, hash), gt(identityKnownAddresses.lastSeenAt, since)))
      .limit(1);
    return !!row;
  }

  /** Remembers the address of a successful sign-in (the account's 20 most recent are kept). */
  async rememberAddress(userId: string, address: string): Promise<void> {
    const hash = await this.addressHash(address);
    if (!hash) return;
    const now = this.options.now();
    await this.db
      .insert(identityKnownAddresses)
      .values({ userId, addressHash: hash, lastSeenAt: now })
      .onConflictDoUpdate({ target: [identityKnownAddresses.userId, identityKnownAddresses.addressHash], set: { lastSeenAt: now } });
    const recent = this.db
      .select({ hash: identityKnownAddresses.addressHash })
      .from(identityKnownAddresses)
      .where(eq(identityKnownAddresses.userId, userId))
      .orderBy(desc(identityKnownAddresses.lastSeenAt))
      .limit(ADDRESSES_PER_ACCOUNT);
    await this.db.delete(identityKnownAddresses).where(and(eq(identityKnownAddresses.userId, userId), notInArray(identityKnownAddresses.addressHash, recent)));
  }

  /** Forgets the addresses not used for 180 days (with the provider's other sweeps). */
  async sweep(): Promise<void> {
    await this.db.delete(identityKnownAddresses).where(lt(identityKnownAddresses.lastSeenAt, new Date(this.options.now().getTime() - DEVICE_TTL_S * 1000)));
  }

  async addressHash(address: string): Promise<string | null> {
    const key = addressKey(address);
    return key ? createHmac('sha256', await this.secret()).update(`address|${key}`).digest('base64url') : null;
  }

  /** Made once and kept in the database: every instance and every restart accepts the cookies of the others. */
  secret(): Promise<Buffer> {
    this.#secret ??= (async () => {
      await this.db.insert(appMeta).values({ key: META_KEY, value: randomBytes(32).toString('base64url') }).onConflictDoNothing();
      const [row] = await this.db.select().from(appMeta).where(eq(appMeta.key, META_KEY));
      return Buffer.from(row!.value, 'base64url');
    })();
    this.#secret.catch(() => (this.#secret = undefined));
    return this.#secret;
  }
}

function sign(secret: Buffer, id: string, issued: string, email: string): Buffer {
  return createHmac('sha256', secret).update(`device|${id}|${issued}|${email}`).digest();
}

function readEntries(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  for (const part of cookieHeader.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === DEVICE_COOKIE) return value.join('=').split('~').filter((e) => /^[\w-]{1,64}\.[0-9a-z]{1,12}\.[\w-]{43}$/.test(e)).slice(0, ENTRIES_PER_BROWSER);
  }
  return [];
}

/** The address as one client: IPv4 as it is (also when mapped into IPv6), IPv6 by its /64 (its host part changes by itself). */
export function addressKey(address: string): string | null {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped && isIPv4(mapped)) return mapped;
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  const [head = '', tail = ''] = address.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = address.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((g) => parseInt(g || '0', 16).toString(16)).join(':')}::/64`;
}
