// The Olap contract against a ClickHouse server. Runs only when CLICKHOUSE_URL is set; without a server the
// suite is skipped and says why (clickhouse-olap-chdb.int.spec.ts covers the client code path in-process).
import { describe, it } from 'vitest';
import { loadConfig } from '../../../schemas/config.js';
import { openOlap } from '../../../infra/olap/open-olap.js';
import { describeOlapContract } from './olap.contract.js';

const clickhouseUrl = loadConfig().stores.clickhouseUrl;

if (clickhouseUrl === undefined) {
  describe('Olap contract: ClickHouse server', () => {
    it.skip('skipped: set CLICKHOUSE_URL (e.g. http://default:@localhost:8123) to run the contract against a server', () => {});
  });
} else {
  describeOlapContract(`ClickHouse server at ${new URL(clickhouseUrl).host}`, {
    open: () => openOlap({ dataDir: '/nonexistent', clickhouseUrl }),
  });
}
