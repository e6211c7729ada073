import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnProc, sleep, type Proc } from './processes.ts';

/**
 * The load balancer README's "Running several instances" shows: round robin over the instances, each
 * checked on /readyz every 500 ms (down after 2 failures, up after 2 successes), a refused connection
 * retried on another instance.
 */
export function haproxyConfig(port: number, servers: Array<{ name: string; port: number }>): string {
  return `global
  maxconn 500

defaults
  mode http
  timeout connect 2s
  timeout client 30s
  timeout server 30s
  retries 3
  option redispatch

frontend store
  bind 127.0.0.1:${port}
  default_backend servers

backend servers
  balance roundrobin
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
${servers.map((s) => `  server ${s.name} 127.0.0.1:${s.port} check`).join('\n')}
`;
}

export async function startHaproxy(port: number, servers: Array<{ name: string; port: number }>): Promise<Proc & { config: string; dispose: () => void }> {
  const dir = mkdtempSync(join(tmpdir(), 'probe-haproxy-'));
  const config = haproxyConfig(port, servers);
  writeFileSync(join(dir, 'haproxy.cfg'), config);
  // -db: foreground, no daemon; killed by the test (by pid).
  const proc = spawnProc('/usr/sbin/haproxy', ['-db', '-f', join(dir, 'haproxy.cfg')], {});
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (res.status === 200) break;
    } catch {}
    await sleep(100);
  }
  return { ...proc, config, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}
