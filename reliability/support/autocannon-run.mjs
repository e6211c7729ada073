// Runs one autocannon load in a process of its own (so an attacker's writes never stall the measuring
// client's event loop): options as JSON in the file named by argv[2], the result as JSON on stdout.
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const options = JSON.parse(readFileSync(process.argv[2], 'utf8'));
autocannon(options, (err, result) => {
  if (err) {
    console.error(err);
    process.exit(1);
  }
  process.stdout.write(JSON.stringify({
    p99: result.latency.p99, average: result.latency.average, requests: result.requests.total, rps: result.requests.average,
    non2xx: result.non2xx, errors: result.errors, timeouts: result.timeouts, statusCodeStats: result.statusCodeStats,
  }), () => process.exit(0));
});
