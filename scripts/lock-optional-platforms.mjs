// Records every optional platform package in package-lock.json. The registry mirror this project
// is developed against lacks other platforms' builds (biome's darwin, win32, musl…), so `npm
// install` here silently leaves them out of the lockfile, and then `npm ci` refuses the lockfile
// as out of sync on every machine. Entries added here carry the version and the platform fields
// npm needs to skip them elsewhere; their integrity is filled in by the first `npm install` that
// can reach them. Usage: node scripts/lock-optional-platforms.mjs (after changing dependencies).
import { readFileSync, writeFileSync } from 'node:fs';

const LOCK = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'aix', 'openbsd', 'sunos', 'netbsd'];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'riscv64', 'loong64', 'mips64el'];

/** os, cpu and libc read off a platform package's name, e.g. @biomejs/cli-linux-x64-musl. */
function platformOf(name) {
  const parts = name.split('/').at(-1).split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!os || !cpu) return null;
  const libc = parts.includes('musl') ? ['musl'] : os === 'linux' ? ['glibc'] : undefined;
  return { os: [os], cpu: [cpu], ...(libc ? { libc } : {}) };
}

let added = 0;
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoisted = `node_modules/${name}`;
    if (lock.packages[target] || lock.packages[hoisted]) continue;
    const platform = platformOf(name);
    if (!platform || !/^\d+\.\d+\.\d+/.test(version)) continue;
    lock.packages[hoisted] = { version, ...(entry.dev ? { dev: true } : {}), optional: true, ...platform };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`lock-optional-platforms: ${added} optional platform package(s) recorded`);
