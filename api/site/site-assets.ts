// The site's browser assets (the sources under site/), bundled by esbuild when first asked for and held in memory:
// one ES module per page plus shared chunks (the chart library goes only to pages that draw charts) and one style
// sheet, each named by its content hash so it can be cached forever, each kept as it is and compressed with brotli
// and gzip once. Nothing is fetched from elsewhere: the service serves every byte the site runs.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const SITE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'site');

/** The pages with a script of their own, by entry name (site/pages/<name>.ts). */
export const SITE_PAGES = ['board', 'coin', 'ideas', 'idea', 'platform'] as const;
export type SitePage = (typeof SITE_PAGES)[number];

export interface SiteAsset {
  contentType: string;
  raw: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface SiteAssets {
  /** By file name, as served under /assets/. */
  files: Map<string, SiteAsset>;
  /** The file names of each page's script and of the style sheet. */
  scripts: Record<SitePage, string>;
  styles: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

function compressed(contentType: string, raw: Buffer): SiteAsset {
  return {
    contentType,
    raw,
    gzip: gzipSync(raw, { level: 9 }),
    br: brotliCompressSync(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  };
}

export async function buildSiteAssets(): Promise<SiteAssets> {
  const result = await build({
    absWorkingDir: SITE_DIR,
    entryPoints: [...SITE_PAGES.map((page) => ({ in: join('pages', `${page}.ts`), out: page })), { in: 'styles.css', out: 'site' }],
    bundle: true,
    splitting: true,
    format: 'esm',
    target: 'es2022',
    platform: 'browser',
    minify: true,
    legalComments: 'none',
    entryNames: '[name]-[hash]',
    chunkNames: 'chunk-[hash]',
    outdir: 'out',
    metafile: true,
    write: false,
    logLevel: 'silent',
  });
  const files = new Map<string, SiteAsset>();
  for (const file of result.outputFiles) {
    const name = basename(file.path);
    const type = CONTENT_TYPES[name.slice(name.lastIndexOf('.'))];
    if (type !== undefined) files.set(name, compressed(type, Buffer.from(file.contents)));
  }
  const entryFile = (entry: string): string => {
    const output = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint === entry);
    if (output === undefined) throw new Error(`the site bundle has no output for ${entry}`);
    return basename(output[0]);
  };
  const scripts = Object.fromEntries(SITE_PAGES.map((page) => [page, entryFile(`pages/${page}.ts`)])) as Record<SitePage, string>;
  return { files, scripts, styles: entryFile('styles.css') };
}

/** The smallest encoding the client accepts. */
export function encodingFor(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = (acceptEncoding ?? '').toLowerCase();
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}
