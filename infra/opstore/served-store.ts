// Where the operational store's own server keeps its data and its secret under DATA_DIR (the scale-out deployment
// without TRIPLIT_URL): the SQLite file, and the JWT secret created once with owner-only permissions, from which
// the deployment mints the token its roles present.
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';

export interface ServedStoreFiles {
  /** The store's SQLite file. */
  file: string;
  /** The server's JWT secret. */
  secret: string;
}

export function servedStoreFiles(dataDir: string): ServedStoreFiles {
  const dir = join(dataDir, 'opstore-server');
  const secretFile = join(dir, 'jwt-secret');
  if (!existsSync(secretFile)) {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    try {
      writeFileSync(secretFile, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
      chmodSync(secretFile, 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; // another process made it first
    }
  }
  return { file: join(dir, 'triplit.sqlite'), secret: readFileSync(secretFile, 'utf8').trim() };
}
