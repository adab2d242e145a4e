// Handler of a coin's holders (`GET /coins/{mint}/holders`), shared by the HTTP route and the MCP tool: the
// holder count, the next round's baseline slot and the largest holders, each with its share of supply and what
// the next round would count of it (the smaller of its balance now and at the baseline: schemas/rewards), kept on
// the read path (api/queries/holders.ts): repeated requests while the coin is unchanged get the same response object.
import type { HoldersQuery, HoldersResponse } from '../../schemas/api/holders.js';
import type { ApiContext } from '../deps.js';
import { NotFoundError } from '../errors.js';
import { coinHolders } from '../queries/holders.js';
import { serviceWalletList } from '../../schemas/config.js';

export async function getHolders(ctx: ApiContext, mint: string, query: HoldersQuery): Promise<HoldersResponse> {
  const answer = await coinHolders(ctx.reads, mint, query.limit, serviceWalletList(ctx.config.wallets));
  if (answer === null) throw new NotFoundError(`no coin ${mint} on this network`);
  return answer;
}
