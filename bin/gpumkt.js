#!/usr/bin/env node
// The only place that touches process.exitCode: runs main() and lets Node exit on its own,
// so piped output is never cut short.
import module from 'node:module';

module.enableCompileCache?.();
const { main } = await import('../dist/cli.js');
process.exitCode = await main(process.argv.slice(2));
