import type { FastifyInstance } from 'fastify';
import type { JWK } from 'jose';
import type { Database } from '@probe/db';
import type { Config } from '../config.ts';
import { registerSecurityHeaders } from '../http/security-headers.ts';
import type { RateLimiterFactory } from '../http/rate-limit.ts';
import { Accounts } from './accounts.ts';
import { sweepExpired } from './adapter.ts';
import { TrustedClients } from './devices.ts';
import { registerInteractionRoutes } from './interactions.ts';
import { registerStaffInvitationRoutes } from './staff-invitation-pages.ts';
import { SigningKeys } from './keys.ts';
import { createIdentityLimiters } from './limits.ts';
import { mountProvider } from './mount.ts';
import { ProviderHolder } from './provider.ts';
import { LiveSessions } from './sessions.ts';
import { identitySettings, type IdentitySettings } from './settings.ts';

export { ensureDemoIdentityUsers, retireDemoIdentityUsers } from './seed.ts';
export { MAIL_TOPIC, type MailMessage } from './mail.ts';
export { STORE_CLIENT_ID } from './provider.ts';
export { SigningKeys, type KeySet } from './keys.ts';

/** What the API's token verifier needs from the built-in provider: its issuer, its current public keys, and whether a token's session lives. */
export interface BuiltInIssuer {
  /** The store's provider's issuer and the console's. */
  issuer: string[];
  keys(): Promise<{ fingerprint: string; publicJwks: JWK[] }>;
  /** Whether provider session `sid` still exists for account `sub` and still holds client `clientId` (a short cache in front). */
  sessionLive(sid: string, sub: string, clientId: string): Promise<boolean>;
}

export interface Identity {
  /** Null when tokens come from elsewhere (AUTH_ISSUER_URL or AUTH_JWT_PUBLIC_KEY): nothing is mounted. */
  builtIn: BuiltInIssuer | null;
  /** The signing keys (rotate, retire); null when the built-in provider is not mounted. */
  signingKeys: SigningKeys | null;
  settings: IdentitySettings | null;
}

export interface IdentityDeps {
  config: Config;
  db: Database;
  /** The clock of e-mail links (tests move it to expire them). */
  now?: () => Date;
  /** The app's rate-limit counters (shared through Redis when configured); the app closes them. */
  rateLimits: RateLimiterFactory;
}

const SWEEP_INTERVAL_MS = 10 * 60 * 1000;

/**
 * The built-in OpenID Connect provider (oidc-provider) under /oidc with its sign-in pages, unless the
 * configuration names another source of tokens. Creates the first signing key on first start.
 */
export async function registerIdentity(app: FastifyInstance, { config, db, now = () => new Date(), rateLimits }: IdentityDeps): Promise<Identity> {
  if (config.AUTH_ISSUER_URL || config.AUTH_JWT_PUBLIC_KEY) return { builtIn: null, signingKeys: null, settings: null };

  const settings = identitySettings(config);
  const signingKeys = new SigningKeys(db, settings.keysTtlMs);
  await signingKeys.ensure();
  const holder = new ProviderHolder(settings, signingKeys, db, (provider) => {
    provider.on('server_error', (_ctx, err) => app.log.error({ err }, 'identity provider error'));
  });
  const accounts = new Accounts(db, settings, now);
  const sessions = new LiveSessions(db);
  const limiters = createIdentityLimiters(rateLimits);

  // Device cookies: Secure when the store is served over https.
  const trusted = new TrustedClients(db, { secure: settings.issuer.startsWith('https:'), path: settings.mountPath, now });

  await app.register(async (scope) => {
    registerSecurityHeaders(scope);
    registerInteractionRoutes(scope, { settings, holder, accounts, limiters, trusted });
    registerStaffInvitationRoutes(scope, { settings, db, now });
  });
  await app.register(async (scope) => mountProvider(scope, settings, holder));

  const sweep = setInterval(() => {
    void sweepExpired(db).catch((err: unknown) => app.log.warn({ err }, 'identity: sweeping expired sessions failed'));
    void trusted.sweep().catch((err: unknown) => app.log.warn({ err }, 'identity: sweeping old known addresses failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  return {
    builtIn: { issuer: [settings.issuer, settings.staffIssuer], keys: () => signingKeys.current(), sessionLive: (sid, sub, clientId) => sessions.live(sid, sub, clientId) },
    signingKeys,
    settings,
  };
}
