import { parseArgs } from 'node:util';
import { openDatabase } from '@probe/db';
import { loadConfig } from '../src/config.ts';
import { createOwner } from '../src/identity/owner.ts';
import { identitySettings } from '../src/identity/settings.ts';

/**
 * `npm run staff:create-owner -- --email owner@example.com [--name "Full Name"] [--password-stdin]`
 *
 * Makes the store's first owner (console role OWNER) on the database the server uses (DATABASE_URL, or the
 * embedded one in DATA_DIR, with the server stopped): a deployment without demo data has nobody who can
 * sign in to the console. Creates the account in the built-in provider when there is none, its address
 * confirmed. Prints a one-use link, valid one hour, that sets the password on PUBLIC_URL; with
 * --password-stdin the password is read from standard input instead (checked like any new password).
 */
const usage = 'usage: npm run staff:create-owner -- --email owner@example.com [--name "Full Name"] [--password-stdin]';
const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, 'password-stdin': { type: 'boolean' }, help: { type: 'boolean' } } });
if (values.help || !values.email) {
  console.error(usage);
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
if (config.AUTH_ISSUER_URL || config.AUTH_JWT_PUBLIC_KEY) {
  console.error('Sign-in comes from another provider (AUTH_ISSUER_URL or AUTH_JWT_PUBLIC_KEY): create the account there, then set users.staff_role to OWNER for its id.');
  process.exit(2);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8').replace(/\r?\n$/, '');
}

const password = values['password-stdin'] ? await readStdin() : undefined;
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: 2 });
try {
  const result = await createOwner(database.db, identitySettings(config).issuer, { email: values.email, name: values.name, password });
  console.log(`${values.email}: ${result.created ? 'account created' : 'existing account'}, console role OWNER.`);
  if (result.setPasswordUrl) {
    if (!process.env.PUBLIC_URL) console.log('(PUBLIC_URL is not set: the link below names the default origin; set PUBLIC_URL to the store\'s address and run again if it is wrong.)');
    console.log(`Open this link once, before ${result.expiresAt!.toISOString()}, to choose the password:\n\n  ${result.setPasswordUrl}\n`);
  } else {
    console.log(`Sign in to the console at ${config.PUBLIC_URL}/admin/ with that password.`);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await database.close();
}
