#!/usr/bin/env node
/**
 * Keeps package-lock.json installable everywhere when it was written from a registry that serves only
 * some platforms' binaries. A package such as @swc/core lists one optional package per platform; when
 * the registry used for `npm install` lacks some of them, npm leaves them out of the lock, and `npm ci`
 * then refuses the lock as out of sync. This adds the missing entries (version, os, cpu, optional),
 * so `npm ci` skips them on other platforms and fetches them by version where they apply.
 * Run after `npm install` changes dependencies: `node scripts/lock-platforms.mjs`.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const PLATFORMS = {
  'darwin-arm64': ['darwin', 'arm64'],
  'darwin-x64': ['darwin', 'x64'],
  'linux-arm-gnueabihf': ['linux', 'arm'],
  'linux-arm64-gnu': ['linux', 'arm64'],
  'linux-arm64-musl': ['linux', 'arm64'],
  'linux-ppc64-gnu': ['linux', 'ppc64'],
  'linux-s390x-gnu': ['linux', 's390x'],
  'linux-x64-gnu': ['linux', 'x64'],
  'linux-x64-musl': ['linux', 'x64'],
  'linux-arm64': ['linux', 'arm64'],
  'linux-x64': ['linux', 'x64'],
  'win32-arm64-msvc': ['win32', 'arm64'],
  'win32-ia32-msvc': ['win32', 'ia32'],
  'win32-x64-msvc': ['win32', 'x64'],
  'win32-x64': ['win32', 'x64'],
  'win32-arm64': ['win32', 'arm64'],
};

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
const added = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [dep, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (packages[key] || packages[`${path}/node_modules/${dep}`]) continue;
    const name = dep.split('/').pop();
    const platform = Object.entries(PLATFORMS)
      .filter(([suffix]) => name.endsWith(suffix))
      .sort((a, b) => b[0].length - a[0].length)[0];
    if (!platform) {
      console.error(`lock-platforms: no platform known for ${dep}; left out`);
      continue;
    }
    const [os, cpu] = platform[1];
    packages[key] = { version, cpu: [cpu], ...(entry.dev ? { dev: true } : {}), optional: true, os: [os] };
    added.push(key);
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `lock-platforms: added ${added.join(', ')}` : 'lock-platforms: nothing missing');
