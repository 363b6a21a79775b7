// Preloaded into a spawned gpumkt (NODE_OPTIONS="--expose-gc --require …/gc-preload.cjs"): forces a
// full garbage collection every 100 ms, so anything only weakly held (a timer signal that nothing but
// a combined AbortSignal refers to) is collected early, as it would be late in a long run.
'use strict';
if (typeof globalThis.gc !== 'function') throw new Error('gc-preload.cjs needs node --expose-gc');
setInterval(() => globalThis.gc(), 100).unref();
