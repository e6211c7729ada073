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
  return { errors: [] };
}
