// Shared pieces of the benchmarks: servers in child processes, a signed-in member, peak memory
// of a process, files of random bytes, percentiles, and load from autocannon.
export * from './lib/files.mjs';
export * from './lib/nimbus.mjs';
export * from './lib/process-stats.mjs';
export * from './lib/processes.mjs';
export * from './lib/report.mjs';
export * from './lib/seed.mjs';
export * from './lib/transfer.mjs';
