import { expect } from 'vitest';

/**
 * How long a test waits for an e-mail. The browser tests share one server, whose job runner lets a due
 * e-mail wait while requests are in flight (up to 5 s each, docs/decisions/0026): with the other tests'
 * mail queued ahead, a message can take half a minute to reach the sink on a busy machine.
 */
const MAIL_WAIT_MS = 45_000;

const decode = (source: string) => source.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The newest message in the server's mail sink (/dev/mail/) whose list row names `to` (the address as the
 * page writes it, HTML-escaped, or as given) and whose text matches `wanted` (any, by default), with
 * quoted-printable undone.
 */
export async function mailTo(baseUrl: string, to: string, wanted: RegExp = /./): Promise<string> {
  const escaped = to.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  let found: string | null = null;
  await expect.poll(async () => {
    const list = await (await fetch(`${baseUrl}/dev/mail/`)).text();
    for (const row of list.split('\n').reverse().filter((line) => line.includes(escaped) || line.includes(to))) {
      const id = /href="\/dev\/mail\/([^"]+)"/.exec(row)?.[1];
      const text = id ? decode(await (await fetch(`${baseUrl}/dev/mail/${id}`)).text()) : '';
      if (wanted.test(text)) {
        found = text;
        return true;
      }
    }
    return false;
  }, { timeout: MAIL_WAIT_MS, interval: 500 }).toBe(true);
  return found!;
}

/** The rows of the sink's list that contain `text` (e.g. a subject), once there are `count` of them. */
export async function sinkRows(baseUrl: string, text: string, count = 1): Promise<string[]> {
  let rows: string[] = [];
  await expect.poll(async () => {
    const list = await (await fetch(`${baseUrl}/dev/mail/`)).text();
    rows = list.split('\n').filter((line) => line.includes(text));
    return rows.length;
  }, { timeout: MAIL_WAIT_MS, interval: 500 }).toBe(count);
  return rows;
}
