import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { buildConnector } from 'undici';

/**
 * The SSRF guard sits where sockets are opened, not in front of them: every address a hostname
 * resolves to is checked inside the `lookup` the socket itself uses, and literal IPs are checked
 * just before connecting. The address checked is therefore the address connected to, with no
 * second resolution an attacker's DNS could answer differently (DNS rebinding).
 */

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to every address it has; injectable so tests can point names anywhere. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

/** Decides whether a socket may be opened to `address` (an IP literal). */
export type AddressPolicy = (address: string) => boolean;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

export const allowEveryAddress: AddressPolicy = () => true;

/** Thrown inside the connector; the fetcher turns it into `invalid_url` / `private_address`. */
export class RefusedAddressError extends Error {
  constructor(readonly address: string) {
    super(`refused to connect to a reserved address`);
    this.name = 'RefusedAddressError';
  }
}

/**
 * `localhost`, `localhost.` and every name under it are loopback by definition (RFC 6761 §6.3):
 * they are answered here as 127.0.0.1, never asked of DNS, so the guard refuses them like the
 * address itself instead of whatever a resolver makes of them.
 */
export function isLocalhostName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.+$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/** Resolves and checks every address of `hostname`; a name with one bad address is refused whole. */
export async function resolveAllowed(
  hostname: string,
  resolve: Resolver,
  isAllowed: AddressPolicy,
): Promise<ResolvedAddress[]> {
  const literalFamily = isIP(hostname);
  const addresses: ResolvedAddress[] = literalFamily
    ? [{ address: hostname, family: literalFamily === 6 ? 6 : 4 }]
    : isLocalhostName(hostname)
      ? [{ address: '127.0.0.1', family: 4 }]
      : await resolve(hostname);
  const refused = addresses.find(({ address }) => !isAllowed(address));
  if (refused) throw new RefusedAddressError(refused.address);
  if (addresses.length === 0)
    throw Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' });
  return addresses;
}

/** A `net.connect` lookup that resolves with `resolve` and refuses any address `isAllowed` rejects. */
export function guardedLookup(resolve: Resolver, isAllowed: AddressPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveAllowed(hostname, resolve, isAllowed).then(
      (all) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const usable = wanted ? all.filter(({ family }) => family === wanted) : all;
        const first = usable[0];
        if (!first) {
          callback(Object.assign(new Error(`no IPv${wanted} address`), { code: 'ENOTFOUND' }), '', 0);
        } else if (options.all) {
          // Node's happy-eyeballs connect asks for every address and tries them in turn.
          (callback as unknown as (error: null, addresses: ResolvedAddress[]) => void)(null, usable);
        } else {
          callback(null, first.address, first.family);
        }
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    );
  };
}

/** An undici connector that only ever opens sockets to addresses `isAllowed` accepts. */
export function guardedConnector(
  resolve: Resolver,
  isAllowed: AddressPolicy,
  tls: { ca?: string[] } = {},
): buildConnector.connector {
  const connect = buildConnector({ ...tls, lookup: guardedLookup(resolve, isAllowed) });
  return (options, callback) => {
    // Node skips `lookup` for IP literals, so those are judged here, before any packet is sent.
    if (isIP(options.hostname) && !isAllowed(options.hostname)) {
      callback(new RefusedAddressError(options.hostname), null);
      return;
    }
    connect(options, callback);
  };
}
