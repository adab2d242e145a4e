// `get_wallet_rewards`: a wallet's holder rewards (GET /wallets/{wallet}/rewards), Basic tier.
import { z } from 'zod';
import { getWalletRewards as getWalletRewardsHandler } from '../../api/handlers/rewards.js';
import { walletParams, walletRewardsQuery, walletRewardsResponse } from '../../schemas/api/wallet-rewards.js';
import { defineTool } from '../tool.js';

export const getWalletRewards = defineTool({
  name: 'get_wallet_rewards',
  title: 'Wallet rewards',
  description: 'Payouts a wallet received as a holder, and shares owed to it below the minimum payout, optionally for one coin.',
  kind: 'read',
  tier: 'basic',
  input: z.strictObject({ ...walletParams.shape, coin: walletRewardsQuery.shape.coin }),
  output: walletRewardsResponse,
  run: (deps, { wallet, coin }) => getWalletRewardsHandler(deps.api, wallet, walletRewardsQuery.parse(coin === undefined ? {} : { coin })),
});
