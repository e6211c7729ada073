// npm run test:e2e: the browser tests in E2E_GROUPS groups (2 by default) run side by side, each a vitest run
// with its own built server and browser (e2e/global-setup.ts). One run at a time kept the machine's two cores
// less than half busy (the tests mostly wait on pages, sign-ins and e-mails) and took 24 minutes of a CI that
// must stay under 30; two groups took 12. The files go to the groups largest first, each to the group with the
// least so far: a file's size stands for its length (vitest's own --shard splits by name, 8 against 12 minutes).
// Arguments (files, -t …) run one plain vitest run instead.
import { spawn } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const vitest = (args, prefix) => new Promise((resolve) => {
  const child = spawn('npx', ['vitest', 'run', '--project', 'e2e', ...args], { cwd: root, stdio: ['ignore', prefix ? 'pipe' : 'inherit', prefix ? 'pipe' : 'inherit'] });
  if (prefix) for (const stream of [child.stdout, child.stderr]) createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
  child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
});

const extra = process.argv.slice(2);
const count = Math.max(1, Number(process.env.E2E_GROUPS ?? 2));
if (extra.length || count === 1) process.exit(await vitest(extra));

const dir = `${root}e2e/tests/`;
const files = readdirSync(dir).filter((f) => f.endsWith('.test.ts')).map((f) => ({ path: `e2e/tests/${f}`, size: statSync(dir + f).size })).sort((a, b) => b.size - a.size);
const groups = Array.from({ length: count }, () => ({ size: 0, paths: [] }));
for (const file of files) {
  const smallest = groups.reduce((a, b) => (b.size < a.size ? b : a));
  smallest.size += file.size;
  smallest.paths.push(file.path);
}
const codes = await Promise.all(groups.map((group, i) => vitest(group.paths, `[e2e ${i + 1}/${count}]`)));
const failed = codes.filter((code) => code !== 0).length;
console.log(failed ? `${failed} of ${count} browser test groups failed` : `all ${count} browser test groups passed`);
process.exit(failed ? 1 : 0);
