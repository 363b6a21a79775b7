// Preloaded into a spawned gpumkt (NODE_OPTIONS="--require …/signal-after-rename.cjs"): right after a
// rename onto a file named GPUMKT_TEST_RENAME_TARGET succeeds, the process sends itself the signal in
// GPUMKT_TEST_SIGNAL and lets it be handled before the rename's caller goes on. That is the moment a
// real Ctrl-C can hit by chance: after the commit, before the exit code is chosen.
'use strict';
const fsp = require('node:fs/promises');
const { syncBuiltinESMExports } = require('node:module');
const target = process.env.GPUMKT_TEST_RENAME_TARGET;
const signal = process.env.GPUMKT_TEST_SIGNAL;
if (!target || !signal) throw new Error('signal-after-rename.cjs needs GPUMKT_TEST_RENAME_TARGET and GPUMKT_TEST_SIGNAL');
const rename = fsp.rename;
let sent = false;
fsp.rename = async function renameThenSignal(from, to) {
  await rename(from, to);
  if (!sent && String(to) === target) {
    sent = true;
    process.kill(process.pid, signal);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
syncBuiltinESMExports();
