/** One budgeted line of a benchmark: what is measured, the budget, the figure, the bare baseline of the same run. */
export interface Verdict {
  check: string;
  budget: string;
  figure: string;
  baseline: string;
  pass: boolean;
}

/** Prints the verdict table (markdown) and sets a failing exit code when a line fails; returns whether all passed. */
export function printVerdicts(title: string, verdicts: Verdict[]): boolean {
  console.log(`\n${title}\n`);
  console.log('| check | budget | figure | bare baseline (same run) | result |');
  console.log('|---|---|---|---|---|');
  for (const v of verdicts) console.log(`| ${v.check} | ${v.budget} | ${v.figure} | ${v.baseline} | ${v.pass ? 'PASS' : 'FAIL'} |`);
  const passed = verdicts.every((v) => v.pass);
  console.log(`\n${passed ? 'PASS' : 'FAIL'}: ${verdicts.filter((v) => v.pass).length} of ${verdicts.length} lines within budget`);
  if (!passed) process.exitCode = 1;
  return passed;
}
