// Chooses the analytics store: a ClickHouse server when a URL is configured, else chDB under <dataDir>/olap.
// A server is asked `SELECT 1` first, so a wrong URL fails at startup with the server's own message.
import { join } from 'node:path';
import type { Olap } from './olap.js';
import { ChdbOlap } from './chdb-olap.js';
import { ClickhouseOlap } from './clickhouse-olap.js';

export interface OpenOlapOptions {
  /** The service's data directory; chDB keeps its files in `<dataDir>/olap`. */
  dataDir: string;
  /** A ClickHouse server (config.stores.clickhouseUrl); unset means embedded chDB. */
  clickhouseUrl?: string;
}

export async function openOlap(options: OpenOlapOptions): Promise<Olap> {
  if (options.clickhouseUrl === undefined) return ChdbOlap.open(join(options.dataDir, 'olap'));
  const olap = ClickhouseOlap.connect({ url: options.clickhouseUrl });
  try {
    await olap.query('SELECT 1 AS ok');
    return olap;
  } catch (error) {
    await olap.close();
    throw error;
  }
}
