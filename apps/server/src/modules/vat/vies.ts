/**
 * EU VAT numbers checked with the EU's VIES service before a reverse charge removes VAT (issue 34,
 * decision 0047). One interface, two implementations: the live REST service and an in-repo fake for tests
 * and offline development; answers cached within an entry and a byte bound.
 */
export type VatAnswer = 'VALID' | 'INVALID' | 'UNAVAILABLE';

export interface VatChecker {
  /** `number` normalized with its prefix (DE123456789; Greece EL…). */
  check(number: string): Promise<VatAnswer>;
}

/** The VIES REST API (https://ec.europa.eu/taxation_customs/vies/): isValid, or an error while a member state's service is down. */
export class LiveVies implements VatChecker {
  constructor(private readonly options: { url?: string; timeoutMs?: number; fetch?: typeof fetch } = {}) {}

  async check(number: string): Promise<VatAnswer> {
    const base = this.options.url ?? 'https://ec.europa.eu/taxation_customs/vies/rest-api';
    const url = `${base}/ms/${encodeURIComponent(number.slice(0, 2))}/vat/${encodeURIComponent(number.slice(2))}`;
    try {
      const res = await (this.options.fetch ?? fetch)(url, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000), headers: { accept: 'application/json' } });
      if (!res.ok) return 'UNAVAILABLE';
      const body = (await res.json()) as { isValid?: boolean; userError?: string };
      // VIES answers 200 with userError (MS_UNAVAILABLE, TIMEOUT, MS_MAX_CONCURRENT_REQ …) when it could not check.
      if (typeof body.isValid !== 'boolean' || (body.userError && body.userError !== 'VALID' && body.userError !== 'INVALID')) return 'UNAVAILABLE';
      return body.isValid ? 'VALID' : 'INVALID';
    } catch {
      return 'UNAVAILABLE';
    }
  }
}

/**
 * The in-repo stand-in, behind the same interface: a number ending in 000 is not registered, one ending in
 * 999 finds its member state's service down, any other is valid. Counts its calls (the cache's tests).
 */
export class FakeVies implements VatChecker {
  calls = 0;
  async check(number: string): Promise<VatAnswer> {
    this.calls += 1;
    if (number.endsWith('999')) return 'UNAVAILABLE';
    return number.endsWith('000') ? 'INVALID' : 'VALID';
  }
}

/**
 * Answers kept in memory, least recently used first out, within `maxEntries` and `maxBytes` (the keys'
 * length, a number being user input): a valid or invalid answer for `ttlMs`; an outage never (the next
 * buyer asks again).
 */
export class CachedVatChecker implements VatChecker {
  private readonly entries = new Map<string, { answer: VatAnswer; until: number }>();
  private bytes = 0;

  constructor(private readonly inner: VatChecker, private readonly options: { maxEntries: number; maxBytes: number; ttlMs: number; now?: () => number }) {}

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  async check(number: string): Promise<VatAnswer> {
    const now = (this.options.now ?? Date.now)();
    const hit = this.entries.get(number);
    if (hit && hit.until > now) {
      this.entries.delete(number);
      this.entries.set(number, hit);
      return hit.answer;
    }
    if (hit) this.remove(number);
    const answer = await this.inner.check(number);
    if (answer !== 'UNAVAILABLE' && number.length <= this.options.maxBytes) {
      this.entries.set(number, { answer, until: now + this.options.ttlMs });
      this.bytes += number.length;
      for (const oldest of this.entries.keys()) {
        if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
        this.remove(oldest);
      }
    }
    return answer;
  }

  private remove(key: string): void {
    if (this.entries.delete(key)) this.bytes -= key.length;
  }
}

const checkers = new Map<string, VatChecker>();

/** The process's checker for a mode (`live` in production, `fake` elsewhere unless VIES says otherwise), cached a day. */
export function vatCheckerFor(mode: 'live' | 'fake', url?: string): VatChecker {
  const key = `${mode}:${url ?? ''}`;
  let checker = checkers.get(key);
  if (!checker) {
    checker = new CachedVatChecker(mode === 'live' ? new LiveVies(url ? { url } : {}) : new FakeVies(), { maxEntries: 10_000, maxBytes: 256 * 1024, ttlMs: 24 * 3600_000 });
    checkers.set(key, checker);
  }
  return checker;
}
