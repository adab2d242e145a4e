// `node --import tsx test/e2e/dump-tables.ts <olap dir> <file>`: writes the table picture of a stopped deployment's
// chDB store to a file. A process of its own, since chDB opens one store per process.
import { writeFileSync } from 'node:fs';
import { openOlap } from '../../infra/olap/open-olap.js';
import { tablePicture } from './table-picture.js';

const [dataDir, file] = process.argv.slice(2);
if (!dataDir || !file) throw new Error('usage: dump-tables <olap dir> <file>');
const olap = await openOlap({ dataDir });
writeFileSync(file, JSON.stringify(await tablePicture(olap)));
await olap.close();
