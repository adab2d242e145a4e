// The pipeline's processes of an ingest bench phase, as a deployment would lay them out: ingest (the subscriber, and
// the decoding pipeline unless it runs elsewhere), project (the projections and the API, on the analytics store),
// and for `--pipeline-in own` a decode process between them.
import { BenchChild } from './bench-ipc.js';
import type { PipelineProgress, PipelineRoleName } from './bench-types.js';

/** Which process decodes: the ingest process beside the subscriber (as `npm run ingest` runs it), the project
 * process beside the projections, or a process of its own between them. */
export type PipelineIn = 'ingest' | 'projections' | 'own';

const PIPELINE_SCRIPT = new URL('./pipeline-child.ts', import.meta.url);

/** The bench process that decodes, by its name. */
export const decodingProcess = (pipelineIn: PipelineIn) => (pipelineIn === 'own' ? 'decode' : pipelineIn === 'ingest' ? 'ingest' : 'project');

/** The pipeline's processes for `pipelineIn`, started (each is told its roles later, with `start`), and those roles. */
export function startPipelineProcesses(pipelineIn: PipelineIn, options: { dataDir: string; kafkaBrokers?: string; profileDir?: string }) {
  const child = (name: string, olap: boolean) =>
    BenchChild.start<PipelineProgress>(name, PIPELINE_SCRIPT, { name, dataDir: options.dataDir, olap, kafkaBrokers: options.kafkaBrokers }, options.profileDir);
  const ingest = child('ingest', false);
  const project = child('project', true);
  const decode = pipelineIn === 'own' ? child('decode', false) : null;
  const roles: { ingest: PipelineRoleName[]; decode: PipelineRoleName[]; project: PipelineRoleName[] } = {
    ingest: pipelineIn === 'ingest' ? ['subscriber', 'pipeline'] : ['subscriber'],
    decode: ['pipeline'],
    project: pipelineIn === 'projections' ? ['pipeline', 'projections', 'api'] : ['projections', 'api'],
  };
  return { ingest, project, decode, roles, all: [ingest, project, ...(decode === null ? [] : [decode])] };
}
