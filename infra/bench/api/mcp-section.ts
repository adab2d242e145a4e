// The "MCP tools" section: what answering through the MCP tool server costs against the plain route. Each tool runs
// as free `tools/call` POSTs to /mcp on the service's app (buildServiceApp: the read API and the tool server, no
// allowance on either, no paid calls) and its route on the plain app, in alternating slices (alternating-slices.ts)
// after the same warm-up, at the table's concurrency; the tool's arguments and the route's URLs are drawn by the
// route's plan (mcp-tool-plans.ts). A tool call fails on a status other than 200, a JSON-RPC error or an `isError`
// result (mcp-call.ts). Before the runs, one call per tool is read in full: it must be a JSON-RPC result holding
// `result.structuredContent`, and its size is shown beside the route's answer.
import { Agent } from 'node:http';
import { alternate, cpuMicros, slicing, type SideFigures } from './alternating-slices.js';
import type { BenchRandom } from './bench-random.js';
import { get, post, runLoop, runRoute, type RunBudget } from './load-client.js';
import { judgeToolAnswer, MCP_HEADERS, readToolAnswer, toolCallBody } from './mcp-call.js';
import type { ToolPlan } from './mcp-tool-plans.js';
import { failureText, ms, textTable } from './text-table.js';

export interface McpBench {
  plainUrl: string;
  /** The service app's MCP endpoint. */
  mcpUrl: string;
  plans: ToolPlan[];
  /** Concurrency, seconds each side gets per tool, and the request cap per tool. */
  budget: RunBudget;
  warmupSeconds: number;
  targetP99Ms: number;
  random: BenchRandom;
  /** The server's CPU since the last ask, in ms. */
  serverCpuMs(): Promise<number>;
  progress(line: string): void;
}

interface Sample {
  problem: string | null;
  toolBytes: number;
  routeBytes: number;
}

/** One call of the tool read in full and its route asked the same, for their sizes. */
async function sample(bench: McpBench, plan: ToolPlan): Promise<Sample> {
  const agent = new Agent({ keepAlive: false });
  const path = plan.route.url(bench.random);
  const args = plan.argsOf(path);
  const call = await post(agent, bench.mcpUrl, toolCallBody(plan.tool, args), MCP_HEADERS);
  const route = await get(agent, `${bench.plainUrl}${path}`, undefined, true);
  agent.destroy();
  const body = call.body?.toString() ?? '';
  const read = call.status === 200 ? readToolAnswer(body) : { outcome: String(call.status), structured: null };
  const problem =
    read.outcome !== '200'
      ? `${plan.tool}(${JSON.stringify(args)}) answered ${read.outcome}: ${body.slice(0, 200)}`
      : read.structured === null
        ? `${plan.tool} answered no result.structuredContent`
        : null;
  return { problem, toolBytes: call.body?.length ?? 0, routeBytes: route.body?.length ?? 0 };
}

interface ToolFigures {
  plan: ToolPlan;
  sample: Sample;
  route: SideFigures;
  tool: SideFigures;
}

export async function measureMcp(bench: McpBench): Promise<string> {
  const { rounds, slice } = slicing(bench.budget);
  const callTool = (plan: ToolPlan, budget: RunBudget) =>
    runLoop(
      budget,
      () => {
        const body = toolCallBody(plan.tool, plan.args(bench.random));
        return (agent) => post(agent, bench.mcpUrl, body, MCP_HEADERS);
      },
      judgeToolAnswer,
    );
  const figures: ToolFigures[] = [];
  for (const plan of bench.plans) {
    const checked = await sample(bench, plan);
    bench.progress(`mcp ${plan.tool}: ${checked.problem ?? 'sample answer has result.structuredContent'}; warm-up`);
    const warmup = { ...bench.budget, seconds: bench.warmupSeconds / 2, maxRequests: bench.budget.maxRequests * 10 };
    await runRoute(bench.plainUrl, plan.route, warmup, bench.random);
    await callTool(plan, warmup);
    await bench.serverCpuMs();
    const run = (side: 'route' | 'tool', budget: RunBudget) =>
      side === 'route' ? runRoute(bench.plainUrl, plan.route, budget, bench.random) : callTool(plan, budget);
    const sides = await alternate(['route', 'tool'], { rounds, slice }, run, bench.serverCpuMs);
    bench.progress(`mcp ${plan.tool}: p99 ${ms(sides.route.p99)} ms for ${plan.route.name}, ${ms(sides.tool.p99)} ms as a tool call`);
    figures.push({ plan, sample: checked, ...sides });
  }

  const target = bench.targetP99Ms;
  const rows = figures.map(({ plan, sample: checked, route, tool }) => [
    plan.tool,
    plan.route.name,
    String(route.count),
    ms(route.p50),
    ms(route.p99),
    ms(route.max),
    String(tool.count),
    ms(tool.p50),
    ms(tool.p99),
    ms(tool.max),
    (tool.p99 / route.p99).toFixed(2),
    tool.p99 <= target ? 'ok' : `+${ms(tool.p99 - target)}`,
    cpuMicros(route),
    cpuMicros(tool),
    `${(checked.routeBytes / 1024).toFixed(1)}/${(checked.toolBytes / 1024).toFixed(1)}`,
    failureText(route.failures) || '0',
    failureText(tool.failures) || '0',
  ]);
  const head = [
    'tool',
    'route',
    'route reqs',
    'p50 ms',
    'p99 ms',
    'max ms',
    'tool reqs',
    'p50 ms',
    'p99 ms',
    'max ms',
    'p99 ratio',
    `tool p99 vs ${target}`,
    'route cpu µs/req',
    'tool cpu µs/req',
    'KiB route/tool',
    'failed route',
    'failed tool',
  ];
  const problems = figures.map((f) => f.sample.problem).filter((problem) => problem !== null);
  return [
    `MCP tools: free tool calls (POST /mcp, tools/call) against their routes, target tool p99 < ${target} ms`,
    `tool side: the service app (read API and MCP tool server, no allowance on either, no paid calls), each POST one JSON-RPC tools/call with no initialize (stateless); route side: the plain app`,
    `per tool: a ${bench.warmupSeconds / 2} s warm-up on each side, then ${rounds} slice${rounds === 1 ? '' : 's'} of ${slice.seconds.toFixed(1)} s on each, taking turns, at ${bench.budget.concurrency} concurrent requests; ` +
      `arguments drawn by the route's plan; server cpu = the server process's CPU over its side's slices; KiB = the answers to one sample request; ` +
      'failed = non-200, JSON-RPC error or isError result',
    ...figures.flatMap((f) => (f.plan.note === undefined ? [] : [`note: ${f.plan.note}`])),
    problems.length === 0
      ? `check: a sample call of every tool answered a JSON-RPC result with result.structuredContent, not isError`
      : `check FAILED: ${problems.join('; ')}`,
    '',
    ...textTable(head, rows),
  ].join('\n');
}
