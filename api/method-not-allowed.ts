// 405 for a known path asked with a method it does not take (`Allow` naming those it does), where the router alone
// would say 404: a client calling POST on a read, or TRACE on anything, learns the path exists and how to call it.
// Route patterns are recorded as they are declared (`/coins/:mint/trades`); wildcard routes (the CORS preflight's
// `OPTIONS *`) say nothing about a path.
import type { FastifyInstance } from 'fastify';

interface KnownPath {
  pattern: RegExp;
  methods: Set<string>;
}

export class RouteMethods {
  private readonly paths = new Map<string, KnownPath>();

  /** Record every route the app declares from now on. */
  install(app: FastifyInstance): void {
    app.addHook('onRoute', (route) => {
      if (route.url.includes('*')) return;
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      let known = this.paths.get(route.url);
      if (known === undefined) this.paths.set(route.url, (known = { pattern: patternOf(route.url), methods: new Set() }));
      for (const method of methods) known.methods.add(method.toUpperCase());
    });
  }

  /** The methods `path` is routed for, sorted; empty when no route matches it. */
  allowed(path: string): string[] {
    const methods = new Set<string>();
    for (const known of this.paths.values()) if (known.pattern.test(path)) for (const method of known.methods) methods.add(method);
    return [...methods].sort();
  }
}

function patternOf(url: string): RegExp {
  const parts = url.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${parts.join('/')}/?$`);
}
