// The import rule of the architecture: imports flow one way, schemas ← stores ← ingest ← projections ← api ← mcp,
// with the devnet (a chain, beside the stores) and the composition root (infra/service: the roles, commands and
// benches; infra/browser for them) above all, and the site's browser code reading the API's schemas for their types
// alone. Every relative import of every source file is checked; tests are outside the rule.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['schemas', 'infra', 'ingest', 'projections', 'api', 'mcp', 'site'];

type Layer = 'schemas' | 'stores' | 'devnet' | 'ingest' | 'projections' | 'api' | 'mcp' | 'site' | 'root';

/** What each layer may import besides itself; the composition root may import anything. */
const MAY_IMPORT: Record<Exclude<Layer, 'root'>, Layer[]> = {
  schemas: [],
  stores: ['schemas'],
  devnet: ['schemas', 'stores'],
  ingest: ['schemas', 'stores'],
  projections: ['schemas', 'stores', 'ingest'],
  api: ['schemas', 'stores', 'ingest', 'projections'],
  mcp: ['schemas', 'stores', 'ingest', 'projections', 'api'],
  site: ['schemas'],
};

function layerOf(path: string): Layer {
  const [top, second] = path.split('/');
  if (top === 'infra') return second === 'service' || second === 'browser' ? 'root' : second === 'devnet' ? 'devnet' : 'stores';
  return top as Layer;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

interface Import {
  from: string;
  to: string;
  typeOnly: boolean;
}

const IMPORT = /(?:^|\n)\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function importsOf(file: string): Import[] {
  const text = readFileSync(join(ROOT, file), 'utf8');
  return [...text.matchAll(IMPORT)].map((match) => ({
    from: file,
    to: relative(ROOT, normalize(join(ROOT, dirname(file), match[3] ?? match[4]!))).replace(/\.js$/, '.ts'),
    typeOnly: match[2] !== undefined,
  }));
}

const imports = SOURCES.flatMap(sourceFiles).flatMap(importsOf);

describe('the import rule', () => {
  it('reads the imports of every source file', () => {
    expect(imports.length).toBeGreaterThan(1_000);
  });

  it('lets every layer import only itself and the layers below it', () => {
    const broken = imports
      .filter(({ from, to }) => {
        const own = layerOf(from);
        const target = layerOf(to);
        return own !== 'root' && own !== target && !MAY_IMPORT[own].includes(target);
      })
      .map(({ from, to }) => `${from} (${layerOf(from)}) imports ${to} (${layerOf(to)})`);
    expect(broken).toEqual([]);
  });

  it('gives the site only the types of the API schemas, so no server code reaches the browser', () => {
    const valueImports = imports.filter(({ from, to, typeOnly }) => layerOf(from) === 'site' && layerOf(to) !== 'site' && !typeOnly);
    expect(valueImports.map(({ from, to }) => `${from} imports ${to}`)).toEqual([]);
  });
});
