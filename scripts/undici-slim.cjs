// What the bundle gets for `import … from 'undici'` (scripts/build.mjs maps it here): the same undici
// code, but only the HTTP/1 dispatchers, their connector (Agent loads Pool and it anyway) and the
// request API that src/api uses. undici's index.js loads all of undici (fetch, WebSocket, caches, mocks,
// interceptors), which costs tens of milliseconds at every start-up. Tests and type checking use the
// real package; the e2e suite runs this bundle. build.mjs fails if src imports a name from undici that
// is not exported here.
'use strict';
const Agent = require('undici/lib/dispatcher/agent');
const Pool = require('undici/lib/dispatcher/pool');
const buildConnector = require('undici/lib/core/connect');
const EnvHttpProxyAgent = require('undici/lib/dispatcher/env-http-proxy-agent');
const Dispatcher = require('undici/lib/dispatcher/dispatcher');
const api = require('undici/lib/api');
const util = require('undici/lib/core/util');
const { InvalidArgumentError } = require('undici/lib/core/errors');

// As undici's index.js does: dispatchers get request() and friends.
Object.assign(Dispatcher.prototype, api);

/** undici's top-level request(url, opts), as index.js builds it (makeDispatcher), minus the global dispatcher. */
function request(url, opts) {
  if (!url || (typeof url !== 'string' && typeof url !== 'object')) throw new InvalidArgumentError('invalid url');
  if (opts == null || typeof opts !== 'object' || !opts.dispatcher)
    throw new InvalidArgumentError('gpumkt: request() needs opts.dispatcher');
  const u = util.parseURL(url);
  return api.request.call(opts.dispatcher, {
    ...opts,
    origin: u.origin,
    path: u.search ? `${u.pathname}${u.search}` : u.pathname,
    method: opts.method || (opts.body ? 'PUT' : 'GET'),
  });
}

module.exports = { Agent, EnvHttpProxyAgent, Dispatcher, Pool, buildConnector, request };
