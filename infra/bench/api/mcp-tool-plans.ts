// The tool calls the "MCP tools" section makes, each beside the read route it answers from. A call's arguments are
// read off a URL drawn by that route's own plan (route-plan.ts), so the tool and the route are asked about the same
// mix of coins, wallets, pages and filters; page sizes and offsets go as numbers, as a JSON client sends them.
import type { BenchRandom } from './bench-random.js';
import type { RoutePlan } from './route-plan.js';

type Args = Record<string, unknown>;

interface ToolRoute {
  /** The route plan (route-plan.ts) the tool's arguments are drawn from and measured beside. */
  route: string;
  args(url: URL): Args;
  /** How the tool's work differs from the route's, said beside the figures. */
  note?: string;
}

/** The path segment after `/coins/` or `/wallets/` or `/creators/`: the mint or wallet a route is about. */
const subject = (url: URL) => decodeURIComponent(url.pathname.split('/')[2] ?? '');
const NUMBERS = new Set(['limit', 'offset']);
const query = (url: URL): Args => Object.fromEntries([...url.searchParams].map(([key, value]) => [key, NUMBERS.has(key) ? Number(value) : value]));

/** The read tools of mcp/tools, each with the route whose handler it calls. */
const TOOL_ROUTES: Record<string, ToolRoute> = {
  get_coin: { route: 'coin', args: (url) => ({ mint: subject(url) }) },
  search_coins: { route: 'coins newest', args: query },
  get_market_data: {
    route: 'ohlcv 1h',
    args: (url) => ({ mint: subject(url), ...query(url) }),
    note: 'get_market_data reads the candles and the latest 20 trades (two handlers), its route the candles alone',
  },
  list_hooks: { route: 'hooks', args: () => ({}) },
  get_platform_stats: { route: 'platform stats', args: () => ({}) },
  get_flywheel: { route: 'platform funds', args: () => ({}) },
  get_ball_burns: { route: 'platform burns', args: query },
  get_coin_rewards: {
    route: 'rewards',
    args: (url) => ({ mint: subject(url) }),
    note: "get_coin_rewards takes no page size: the route's occasional limit=50 is left out",
  },
  get_top_holders: { route: 'holders', args: (url) => ({ mint: subject(url), ...query(url) }) },
  get_health_signal: { route: 'health', args: (url) => ({ mint: subject(url) }) },
  get_wallet_rewards: { route: 'wallet rewards', args: (url) => ({ wallet: subject(url), ...query(url) }) },
  get_creator_earnings: { route: 'creators', args: (url) => ({ wallet: subject(url) }) },
  search_tokens: { route: 'tokens', args: query },
  list_ideas: { route: 'ideas', args: query },
};

export interface ToolPlan {
  tool: string;
  /** The route measured beside the tool. */
  route: RoutePlan;
  /** The arguments for a URL the route's plan drew (path and query). */
  argsOf(path: string): Args;
  args(random: BenchRandom): Args;
  note?: string;
}

/** The plans of the tools named, in the order named; an unknown tool or route is an error now, not after the table. */
export function toolPlans(routes: RoutePlan[], names: string[]): ToolPlan[] {
  return names
    .map((name) => name.trim())
    .filter((name) => name !== '')
    .map((tool) => {
      const match = TOOL_ROUTES[tool];
      if (match === undefined) throw new Error(`no read tool named '${tool}' (tools: ${Object.keys(TOOL_ROUTES).join(', ')})`);
      const route = routes.find((plan) => plan.name === match.route);
      if (route === undefined) throw new Error(`tool ${tool}: no route named '${match.route}'`);
      const argsOf = (path: string) => match.args(new URL(path, 'http://bench'));
      return { tool, route, argsOf, args: (random: BenchRandom) => argsOf(route.url(random)), note: match.note };
    });
}
