import { Agent, type Dispatcher, ProxyAgent } from 'undici';
import { type AddressPolicy, allowEveryAddress, guardedConnector, type Resolver } from './guarded-connector';
import { countryProxy, proxyMisconfigured } from './proxy-config';

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
    const proxyUrl = country ? countryProxy(country) : undefined;
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

  #proxy(proxyUrl: URL, country: string): ProxyAgent {
    let agent = this.#proxies.get(proxyUrl.href);
    if (!agent) {
      try {
        agent = new ProxyAgent(proxyUrl.href);
      } catch {
        throw proxyMisconfigured(country);
      }
      this.#proxies.set(proxyUrl.href, agent);
    }
    return agent;
  }
}
