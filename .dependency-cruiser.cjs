// The import rule of the architecture, checked by `npm test` (`npm run lint`): imports flow one way,
// schemas ← infra stores ← ingest ← projections ← api ← mcp. The devnet is a chain beside the stores, imported only
// by the composition root (infra/service: the roles and commands; infra/bench: the benchmarks; infra/browser for
// them), which may import anything, and by tests. The site's browser code takes only types from the API's schemas,
// so no server code reaches the browser. No module reaches itself through value imports. Tests are outside the rule.

/** Paths of a layer, as a regular expression on a path from the project root. */
const LAYERS = {
  schemas: '^schemas/',
  stores: '^infra/(?!service/|bench/|browser/|devnet/)',
  devnet: '^infra/devnet/',
  ingest: '^ingest/',
  projections: '^projections/',
  api: '^api/',
  mcp: '^mcp/',
  site: '^site/',
};

/** What each layer may import besides itself and packages. */
const MAY_IMPORT = {
  schemas: [],
  stores: ['schemas'],
  devnet: ['schemas', 'stores'],
  ingest: ['schemas', 'stores'],
  projections: ['schemas', 'stores', 'ingest'],
  api: ['schemas', 'stores', 'ingest', 'projections'],
  mcp: ['schemas', 'stores', 'ingest', 'projections', 'api'],
  site: ['schemas'],
};

const PROJECT = '^(schemas|infra|ingest|projections|api|mcp|site)/';

module.exports = {
  forbidden: [
    ...Object.entries(MAY_IMPORT).map(([layer, allowed]) => ({
      name: `${layer}-imports-below`,
      comment: `${layer} imports only itself and ${allowed.length === 0 ? 'no other layer' : allowed.join(', ')}`,
      severity: 'error',
      from: { path: LAYERS[layer] },
      to: { path: PROJECT, pathNot: [LAYERS[layer], ...allowed.map((below) => LAYERS[below])] },
    })),
    {
      name: 'site-takes-api-types-only',
      comment: 'the browser code takes the API schemas as types only',
      severity: 'error',
      from: { path: LAYERS.site },
      to: { path: '^schemas/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'no-circular',
      comment: 'no module reaches itself through value imports (a cycle runs a module before the ones it reads)',
      severity: 'error',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'no-unresolvable',
      comment: 'every relative import names a file that exists',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|test|data|artifacts|scratch|coverage)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.js', '.d.ts'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
