import type { Eip1193Provider } from '../connectors/types.js';

const wrapped = new WeakMap<Eip1193Provider, Eip1193Provider>();

/**
 * The provider a host gets from `getProvider('eip155')`: the wallet's own provider, except that `request`
 * sends chain reads to an RPC for the chain (see `routeHostRequest`; that code loads on the first request).
 * Everything else on it (`on`, `removeListener`, flags) is the wallet's. One wrapper per wallet provider, so
 * repeated calls return the same object and a host's listeners stay attached.
 */
export function hostProvider(wallet: Eip1193Provider): Eip1193Provider {
  let host = wrapped.get(wallet);
  if (!host) {
    const request: Eip1193Provider['request'] = async (args) => (await import('./chain-reads.js')).routeHostRequest(wallet, args);
    const bound = new Map<PropertyKey, [unknown, unknown]>();
    host = new Proxy(wallet, {
      get(target, key) {
        if (key === 'request') return request;
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function') return value;
        // Methods run on the wallet's own object (private fields, `this`), and keep one identity per name.
        const cached = bound.get(key);
        if (cached?.[0] === value) return cached[1];
        const method = (value as (...args: unknown[]) => unknown).bind(target);
        bound.set(key, [value, method]);
        return method;
      },
    });
    wrapped.set(wallet, host);
  }
  return host;
}
