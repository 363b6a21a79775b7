// The rules of gpumkt's cache folder, where bin/load-bundle.js keeps V8's compiled code of dist/
// (…/gpumkt/code-cache). CommonJS, apart from gpumkt.js so that a test can check the folder rules
// without starting the CLI.
'use strict';
const { lstatSync, mkdirSync } = require('node:fs');
const { dirname } = require('node:path');

// Made here first, one level at a time and private (0700 whatever the umask): Node's own attempt, like
// mkdirSync(…, { recursive: true }), spins forever on a path it cannot create (seen under /proc).
function makeDir(dir) {
  try {
    mkdirSync(dir, 0o700);
  } catch (err) {
    if (err.code === 'EEXIST') return;
    if (err.code !== 'ENOENT' || dirname(dir) === dir) throw err;
    makeDir(dirname(dir));
    mkdirSync(dir, 0o700);
  }
}

/**
 * Makes `dir` if needed and says whether code may be cached there: only a real folder (not a symbolic
 * link) that is ours and that no one else can write to, since whatever it holds is run as our code.
 */
function usableCacheDir(dir) {
  try {
    // Asked first, so the common case (the folder is there) makes no error: an error's message and
    // stack cost more than the whole check.
    let st = lstatSync(dir, { throwIfNoEntry: false });
    if (st === undefined) {
      makeDir(dir);
      st = lstatSync(dir);
    }
    // The umask may have widened what mkdir asked for; the mode is checked as it is, not fixed up.
    const ours = typeof process.getuid !== 'function' || st.uid === process.getuid();
    return st.isDirectory() && ours && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

module.exports = { usableCacheDir };
