import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, readdir, stat, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import { readHeaders } from './headers.ts';

export interface SinkEntry {
  id: string;
  to: string;
  subject: string;
  date: string;
  size: number;
}

const EML = /^(\d+)\.eml$/;

/**
 * Writes each message as `{outbox id}.eml` in one folder (open it with any mail client). A message is
 * written at most once per outbox row: the file appears whole or not at all (written aside, then
 * hard-linked into place, which fails if the name exists), and a redelivered row finds it and skips.
 */
export class MailSink {
  /** nodemailer loads with the first message, not with every server that never sends one. */
  #compose: Promise<Transporter> | null = null;

  constructor(readonly dir: string) {}

  /** True when written now, false when this row's message was already there. */
  async deliver(outboxId: number, message: SendMailOptions): Promise<boolean> {
    const target = this.#path(String(outboxId));
    if (await exists(target)) return false;
    this.#compose ??= import('nodemailer').then((m) => m.default.createTransport({ streamTransport: true, buffer: true, newline: 'windows' }));
    const { message: raw } = await (await this.#compose).sendMail(message);
    await mkdir(this.dir, { recursive: true });
    const aside = join(this.dir, `.${outboxId}.${randomBytes(4).toString('hex')}.tmp`);
    await writeFile(aside, raw as Buffer);
    try {
      await link(aside, target);
      return true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw err;
    } finally {
      await unlink(aside);
    }
  }

  /** Every message, newest first. */
  async list(): Promise<SinkEntry[]> {
    let names: string[];
    try {
      names = await readdir(this.dir);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw err;
    }
    const ids = names.flatMap((n) => EML.exec(n)?.[1] ?? []).sort((a, b) => Number(b) - Number(a));
    return Promise.all(
      ids.map(async (id) => {
        const raw = await readFile(this.#path(id), 'utf8');
        const headers = readHeaders(raw);
        return { id, to: headers.get('to') ?? '', subject: headers.get('subject') ?? '', date: headers.get('date') ?? '', size: Buffer.byteLength(raw) };
      }),
    );
  }

  /** One message's source, or null. */
  async read(id: string): Promise<Buffer | null> {
    if (!/^\d+$/.test(id)) return null;
    try {
      return await readFile(this.#path(id));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  }

  #path(id: string): string {
    return join(this.dir, `${id}.eml`);
  }
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}
