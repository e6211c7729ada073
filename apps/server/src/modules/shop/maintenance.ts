import { isIP } from 'node:net';
import { schema, type Database } from '@probe/db';
import { eq } from 'drizzle-orm';
import { audit, type Actor } from '../staff/index.ts';
import { getShopSettings } from './repo.ts';

export interface MaintenanceInput {
  on: boolean;
  header: string | null;
  content: string | null;
  url: string | null;
  allowIps: string[];
}

/** How long a server trusts a maintenance switch it knows to be on before reading it again (to let the store open again). */
export const MAINTENANCE_STATUS_TTL_MS = 2000;

/** The seconds a closed store asks clients to wait (the Retry-After of its 503 answers). */
export const MAINTENANCE_RETRY_AFTER_S = 300;

interface MaintenanceStatus { on: boolean; allowIps: readonly string[] }
const statusCache = new WeakMap<object, { status: MaintenanceStatus; readAt: number }>();

/** Keeps the switch of a settings row read for another purpose (the catalogue's once-per-request read, the start): known for free. */
export function noteMaintenanceState(db: Database, row: { maintenanceMode: boolean; maintenanceAllowIps: string[] }): void {
  statusCache.set(db, { status: { on: row.maintenanceMode, allowIps: row.maintenanceAllowIps }, readAt: Date.now() });
}

/**
 * Whether the store is closed to this client address: maintenance on and the address neither in the configured list
 * nor in the shop's. Asked before every store page and API call, so it costs no statement while the store is open:
 * the switch is known from the settings row as the requests read it anyway (and as the console sets it); only while
 * it is known to be on is it read again (`read`: the request's own read of the row, shared with its operations) once
 * older than MAINTENANCE_STATUS_TTL_MS. Another server's console switching it on is seen at the next request here
 * that reads the settings (every store page does).
 */
export async function maintenanceClosedTo(
  db: Database, clientIp: string, configuredIps: readonly string[],
  read: () => Promise<{ maintenanceMode: boolean; maintenanceAllowIps: string[] }> = () => getShopSettings(db),
): Promise<boolean> {
  let cached = statusCache.get(db);
  if (!cached || (cached.status.on && Date.now() - cached.readAt > MAINTENANCE_STATUS_TTL_MS)) {
    noteMaintenanceState(db, await read());
    cached = statusCache.get(db)!;
  }
  return cached.status.on && !configuredIps.includes(clientIp) && !cached.status.allowIps.includes(clientIp);
}

export interface MaintenanceError { field: string; code: 'INVALID'; message: string }

/** Turns maintenance mode on or off with its page and the addresses let through; recorded in the audit log. */
export async function setMaintenance(db: Database, actor: Actor, input: MaintenanceInput): Promise<{ errors: MaintenanceError[] }> {
  const errors: MaintenanceError[] = [];
  const allowIps = input.allowIps.map((ip) => ip.trim()).filter(Boolean);
  const bad = allowIps.filter((ip) => !isIP(ip));
  if (bad.length) errors.push({ field: 'allowIps', code: 'INVALID', message: `Not an IP address: ${bad.join(', ')}` });
  if (input.url?.trim() && !/^https?:\/\/\S+$/.test(input.url.trim())) errors.push({ field: 'url', code: 'INVALID', message: 'A link starts with https:// or http://' });
  if ((input.header?.trim().length ?? 0) > 200) errors.push({ field: 'header', code: 'INVALID', message: 'The header is at most 200 characters' });
  if ((input.content?.trim().length ?? 0) > 2000) errors.push({ field: 'content', code: 'INVALID', message: 'The text is at most 2,000 characters' });
  if (errors.length) return { errors };
  await db.transaction(async (tx) => {
    const before = await getShopSettings(tx);
    const after = { maintenanceMode: input.on, maintenancePageHeader: input.header?.trim() || null, maintenancePageContent: input.content?.trim() || null, maintenancePageUrl: input.url?.trim() || null, maintenanceAllowIps: allowIps };
    await tx.update(schema.shopSettings).set({ ...after, updatedAt: new Date() }).where(eq(schema.shopSettings.id, 1));
    await audit(tx, actor, 'maintenance.update', 'shop:maintenance', {
      maintenanceMode: before.maintenanceMode, maintenancePageHeader: before.maintenancePageHeader, maintenancePageContent: before.maintenancePageContent,
      maintenancePageUrl: before.maintenancePageUrl, maintenanceAllowIps: before.maintenanceAllowIps,
    }, after);
  });
  noteMaintenanceState(db, { maintenanceMode: input.on, maintenanceAllowIps: allowIps });
  return { errors: [] };
}
