// Preloaded into a spawned gpumkt (NODE_OPTIONS="--require …/signal-after-main.cjs"). Two moments a real
// signal can hit by chance, made certain:
// - GPUMKT_TEST_SIGNAL_AFTER_MAIN=SIG: once main() has removed its handlers (its last step, after the
//   output is committed), the process sends itself SIG while the event loop is still alive (a timer keeps
//   it so for a second, as buffered output or a closing socket would).
// - GPUMKT_TEST_SIGNAL_AT_START=SIG: the signal is sent on the first turn of the event loop, while the
//   CLI bundle is still loading, before main() exists.
// - GPUMKT_TEST_HOLD_AFTER_MAIN=1: once main() has removed its handlers, a timer keeps the event loop
//   alive for good, as a socket that lingers would: a process that waits for its loop to drain never
//   ends, and the moment Node closes its signal handles on the way out never comes by chance.
'use strict';
const afterMain = process.env.GPUMKT_TEST_SIGNAL_AFTER_MAIN;
const atStart = process.env.GPUMKT_TEST_SIGNAL_AT_START;
const hold = process.env.GPUMKT_TEST_HOLD_AFTER_MAIN === '1';
// On the first turn of the event loop: bin/gpumkt.cjs has run its top level, the CLI bundle is loading.
if (atStart) setImmediate(() => process.kill(process.pid, atStart));
if (afterMain || hold) {
  const removeListener = process.removeListener;
  let sent = false;
  process.removeListener = process.off = function removeThenSignal(event, fn) {
    const out = removeListener.call(this, event, fn);
    // main() removes SIGINT, then SIGTERM: the second is the end of its run.
    if (event === 'SIGTERM' && !sent) {
      sent = true;
      if (hold) setInterval(() => undefined, 1000);
      if (afterMain) {
        setImmediate(() => process.kill(process.pid, afterMain));
        setTimeout(() => undefined, 1000);
      }
    }
    return out;
  };
}
