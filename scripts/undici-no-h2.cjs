// Stands in for undici's client-h2.js in the bundle (scripts/build.mjs). Loading it loads node:http2,
// and with it tls and crypto: ~15 ms at every start-up. HTTP/2 is only negotiated when a dispatcher is
// created with allowH2, which gpumkt never does, so this is never called.
'use strict';
module.exports = function connectH2() {
  throw new Error('gpumkt: HTTP/2 is not part of this build');
};
