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

/** How long a server trusts the maintenance switch it last read: another copy's change reaches it within this time. */
export const MAINTENANCE_STATUS_TTL_MS = 2000;

/** The seconds a closed store asks clients to wait (the Retry-After of its 503 answers). */
export const MAINTENANCE_RETRY_AFTER_S = 300;

interface MaintenanceStatus { on: boolean; allowIps: readonly string[] }
const statusCache = new WeakMap<object, { status: MaintenanceStatus; readAt: number }>();

/**
 * Whether the store is closed to this client address: maintenance on and the address neither in the
 * configured list nor in the shop's. Read for every store page and API call, so the switch is kept for
 * MAINTENANCE_STATUS_TTL_MS (setMaintenance forgets it at once in this process).
 */
export async function maintenanceClosedTo(db: Database, clientIp: string, configuredIps: readonly string[]): Promise<boolean> {
  let cached = statusCache.get(db);
  if (!cached || Date.now() - cached.readAt > MAINTENANCE_STATUS_TTL_MS) {
    const settings = await getShopSettings(db);
    cached = { status: { on: settings.maintenanceMode, allowIps: settings.maintenanceAllowIps }, readAt: Date.now() };
    statusCache.set(db, cached);
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
  statusCache.delete(db);
  return { errors: [] };
}
