import { ApiError } from '@webcapture/errors';
import { Agent, type Dispatcher, ProxyAgent } from 'undici';
import { type AddressPolicy, allowEveryAddress, guardedConnector, type Resolver } from './guarded-connector';
import { configuredProxy } from './proxy-config';

/**
 * The connection pools of one fetcher, created on first use and reused for the life of the
 * process: a guarded agent (SSRF policy enforced in its connector), an open agent for
 * `allowPrivateTargets`, and one ProxyAgent per configured country proxy.
 */

export interface Route {
  dispatcher: Dispatcher;
  /** The country whose proxy carries the request, or null when it goes out directly. */
  proxyCountry: string | null;
}

export class Dispatchers {
  #guarded: Agent | undefined;
  #open: Agent | undefined;
  readonly #proxies = new Map<string, ProxyAgent>();

  constructor(
    readonly resolve: Resolver,
    readonly isAllowed: AddressPolicy,
  ) {}

  /** The proxy PROXY_URLS names for `country`, else a direct connection. */
  route(country: string | undefined, guarded: boolean): Route {
    const proxyUrl = country ? configuredProxy(country) : undefined;
    if (proxyUrl && country) return { dispatcher: this.#proxy(proxyUrl, country), proxyCountry: country };
    return { dispatcher: guarded ? this.#guardedAgent() : this.#openAgent(), proxyCountry: null };
  }

  #guardedAgent(): Agent {
    this.#guarded ??= new Agent({ connect: guardedConnector(this.resolve, this.isAllowed) });
    return this.#guarded;
  }

  #openAgent(): Agent {
    this.#open ??= new Agent({ connect: guardedConnector(this.resolve, allowEveryAddress) });
    return this.#open;
  }

  #proxy(proxyUrl: string, country: string): ProxyAgent {
    let agent = this.#proxies.get(proxyUrl);
    if (!agent) {
      try {
        agent = new ProxyAgent(proxyUrl);
      } catch {
        // The value may hold proxy credentials: name the country, never echo it.
        throw new ApiError('internal_error', `The proxy configured for ${country} is not a valid URL.`, {
          details: { reason: 'proxy_misconfigured', country },
        });
      }
      this.#proxies.set(proxyUrl, agent);
    }
    return agent;
  }
}
