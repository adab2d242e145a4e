// The Olap contract against ClickhouseOlap (the server implementation) with chDB standing in for the server
// through chdb/connection: every statement, parameter and JSONEachRow insert goes through @clickhouse/client's
// own code, only the transport is in-process. Runs everywhere; the real-server run is clickhouse-olap.int.spec.ts.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createClient } from '@clickhouse/client';
import { createChdbConnection } from 'chdb/connection';
import { ClickhouseOlap, CLIENT_DEFAULTS } from '../../../infra/olap/clickhouse-olap.js';
import { describeOlapContract } from './olap.contract.js';

/** chdb ships its own copy of the client's Connection type; the shapes match at run time. */
type ClientConnection = NonNullable<NonNullable<Parameters<typeof createClient>[0]>['connection']>;

const path = mkdtempSync(join(tmpdir(), 'olap-client-contract-'));

describeOlapContract('@clickhouse/client over chdb/connection', {
  open: async () => new ClickhouseOlap(createClient({ connection: createChdbConnection({ path }) as unknown as ClientConnection, ...CLIENT_DEFAULTS })),
  cleanup: async () => rmSync(path, { recursive: true, force: true }),
});
