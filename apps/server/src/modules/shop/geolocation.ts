import { isIP } from 'node:net';

/** A GeoIP database: an IP address in, an ISO country code (or null) out. */
export type GeoLookup = (ip: string) => string | null;

const COUNTRY_CODE = /^[A-Za-z]{2}$/;

function isLoopback(ip: string): boolean {
  const plain = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/**
 * The visitor's country: a trusted CDN header first (its name is configuration), else the optional
 * GeoIP database, else null. A loopback address is never looked up. The result is an upper-case code
 * the caller still checks against the countries it knows.
 */
export function geolocate(headers: Headers, ip: string, headerName: string, lookup: GeoLookup | null): string | null {
  const header = headers.get(headerName)?.trim();
  if (header && COUNTRY_CODE.test(header)) return header.toUpperCase();
  if (!lookup || !ip || isLoopback(ip)) return null;
  const code = lookup(ip);
  return code && COUNTRY_CODE.test(code) ? code.toUpperCase() : null;
}

/** Loads the GeoIP database named in configuration; off by default (geoip-lite holds ~200 MB in memory). */
export async function loadGeoLookup(kind: 'off' | 'geoip-lite'): Promise<GeoLookup | null> {
  if (kind === 'off') return null;
  const moduleName = 'geoip-lite';
  try {
    const mod = (await import(moduleName)) as { default: { lookup(ip: string): { country?: string } | null } };
    return (ip) => mod.default.lookup(ip)?.country ?? null;
  } catch {
    throw new Error('GEOIP_DATABASE=geoip-lite needs the package: run `npm install geoip-lite@1.4.10` first');
  }
}
