import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The baseline: a bare node:http server (its own process) answering every request with `body`. */
export async function bareServer(body: string): Promise<{ url: string; stop: () => void }> {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-')), 'body.json');
  writeFileSync(file, body);
  const child = spawn(process.execPath, [new URL('../bare-server.mjs', import.meta.url).pathname, file], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve) => child.stdout!.on('data', (d: Buffer) => resolve(/listening (\d+)/.exec(d.toString())![1]!)));
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill() };
}
