import { describe, expect, it } from 'vitest';
import { loadConfig, normalizeHost } from '../src/config.ts';
import { hostPolicy } from '../src/http/host-check.ts';
import { corsPolicy } from '../src/graphql/cors.ts';

describe('normalizeHost', () => {
  it.each([
    ['Shop.Probe.Store', 'http:', 'shop.probe.store'],
    ['shop.probe.store:443', 'https:', 'shop.probe.store'],
    ['shop.probe.store:443', 'http:', 'shop.probe.store:443'],
    ['127.0.0.1:3000', 'http:', '127.0.0.1:3000'],
    ['[::1]:8080', 'http:', '[::1]:8080'],
  ])('%s (%s) → %s', (value, protocol, expected) => expect(normalizeHost(value, protocol)).toBe(expected));
  it.each(['', 'evil.example/x', 'user@shop.probe.store', 'shop.probe.store evil', 'a\\b', 'shop.probe.store#x', 'shop.probe.store?x', 'http://shop.probe.store'])('refuses %j', (value) => {
    expect(normalizeHost(value)).toBeNull();
  });
});

describe('hostPolicy', () => {
  const production = { NODE_ENV: 'production' as const, PUBLIC_URL: 'https://shop.probe.store', ALLOWED_HOSTS: ['www.probe.store'] };
  it('answers PUBLIC_URL\'s host and ALLOWED_HOSTS, in any case and with the default port written out', () => {
    const allowed = hostPolicy(production);
    for (const host of ['shop.probe.store', 'SHOP.probe.store', 'shop.probe.store:443', 'www.probe.store']) expect(allowed(host), host).toBe(true);
  });
  it('refuses any other host, a look-alike, another port, a loopback name in production and a missing Host', () => {
    const allowed = hostPolicy(production);
    for (const host of ['evil.example', 'shop.probe.store.evil.example', 'shop.probe.store:8443', 'shop.probe.store@evil.example', 'localhost:3000', '127.0.0.1', '', undefined]) expect(allowed(host), String(host)).toBe(false);
  });
  it('answers loopback names on any port outside production, or when PUBLIC_URL is itself a loopback address', () => {
    expect(hostPolicy({ ...production, NODE_ENV: 'test' })('localhost:80')).toBe(true);
    const demo = hostPolicy({ NODE_ENV: 'production', PUBLIC_URL: 'http://127.0.0.1:3000', ALLOWED_HOSTS: [] });
    for (const host of ['127.0.0.1:3000', 'localhost:3000', '[::1]:3000', 'localhost']) expect(demo(host), host).toBe(true);
    expect(demo('evil.example')).toBe(false);
  });
  it('ALLOWED_HOSTS is read from the environment and checked', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'www.probe.store, Probe.Store:8443' }).ALLOWED_HOSTS).toEqual(['www.probe.store', 'probe.store:8443']);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://probe.store/' })).toThrow(/ALLOWED_HOSTS/);
  });
});

describe('corsPolicy', () => {
  const request = (origin: string | null) => new Request('https://shop.probe.store/graphql', { headers: origin ? { origin } : {} });
  it('grants PUBLIC_URL\'s origin and CORS_ALLOWED_ORIGINS, with credentials, and nothing to any other origin', () => {
    const policy = corsPolicy({ PUBLIC_URL: 'https://shop.probe.store', CORS_ALLOWED_ORIGINS: ['https://beta.probe.store'] });
    expect(policy(request('https://shop.probe.store'))).toEqual({ origin: ['https://shop.probe.store', 'https://beta.probe.store'], credentials: true });
    expect(policy(request('https://beta.probe.store'))).toMatchObject({ credentials: true });
    for (const origin of ['https://evil.example', 'http://shop.probe.store', 'https://shop.probe.store.evil.example', 'null', null]) expect(policy(request(origin)), String(origin)).toBe(false);
  });
  it('CORS_ALLOWED_ORIGINS is read from the environment as exact origins', () => {
    expect(loadConfig({ CORS_ALLOWED_ORIGINS: 'https://Beta.Probe.Store/, https://vet.probe.example:8443' }).CORS_ALLOWED_ORIGINS).toEqual(['https://beta.probe.store', 'https://vet.probe.example:8443']);
    expect(() => loadConfig({ CORS_ALLOWED_ORIGINS: 'https://*.probe.store' })).toThrow(/CORS_ALLOWED_ORIGINS/);
  });
});
