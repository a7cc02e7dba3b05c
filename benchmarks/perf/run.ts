/**
 * `npm run bench:perf -- <name> [flags]`: runs the perf benchmark benchmarks/perf/<name>.ts and
 * prints its result as ONE JSON line on stdout; progress goes to stderr. Without a name it lists
 * the benchmarks. Contract for benchmark modules: README.md in this folder.
 */
import { benchmarkNames, loadBenchmark } from './lib/discover.ts';

const log = (line: string) => process.stderr.write(`${line}\n`);

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv[0] === '--' ? argv.slice(1) : argv;
  if (!name || name === '--help' || name === '-h') {
    log('usage: npm run bench:perf -- <benchmark> [flags]   benchmarks:');
    for (const n of benchmarkNames()) log(`  ${n.padEnd(16)} ${(await loadBenchmark(n)).description}`);
    return name ? 0 : 2;
  }
  const bench = await loadBenchmark(name);
  const result = await bench.run(rest, log);
  process.stdout.write(JSON.stringify(result) + '\n');
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => (process.exitCode = code),
  (err: unknown) => {
    log(`bench:perf: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  },
);
