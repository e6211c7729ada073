import { readFileSync } from 'node:fs';

/** Samples a process's resident memory (VmRSS) every 100 ms until stopped; `peak()` is the highest, in MB. */
export function sampleRss(pid: number): { peak: () => number; stop: () => void } {
  let peak = 0;
  const read = () => {
    try {
      const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
      peak = Math.max(peak, kb / 1024);
    } catch {
      // the process has exited
    }
  };
  read();
  const timer = setInterval(read, 100);
  return { peak: () => peak, stop: () => clearInterval(timer) };
}
