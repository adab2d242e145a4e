// The tools of spec 4.6, in its order.
import type { DefinedTool } from '../tool.js';
import { acceptTerms } from './accept-terms.js';
import { confirmLaunch } from './confirm-launch.js';
import { getBallBurns } from './get-ball-burns.js';
import { getCoinRewards } from './get-coin-rewards.js';
import { getCoin } from './get-coin.js';
import { getCreatorEarnings } from './get-creator-earnings.js';
import { getFlywheel } from './get-flywheel.js';
import { getHealthSignal } from './get-health-signal.js';
import { getLaunchTerms } from './get-launch-terms.js';
import { getMarketData } from './get-market-data.js';
import { getPlatformStats } from './get-platform-stats.js';
import { getTopHolders } from './get-top-holders.js';
import { getWalletRewards } from './get-wallet-rewards.js';
import { launchpadLaunchStatus } from './launchpad-launch-status.js';
import { listHooks } from './list-hooks.js';
import { listIdeas } from './list-ideas.js';
import { prepareLaunchpadLaunch } from './prepare-launchpad-launch.js';
import { prepareLaunch } from './prepare-launch.js';
import { searchCoins } from './search-coins.js';
import { searchTokens } from './search-tokens.js';
import { submitLaunchpadLaunch } from './submit-launchpad-launch.js';
import { submitLaunch } from './submit-launch.js';

export const TOOLS: readonly DefinedTool[] = [
  searchCoins,
  searchTokens,
  listIdeas,
  getCoin,
  getCoinRewards,
  getFlywheel,
  listHooks,
  getPlatformStats,
  getBallBurns,
  getMarketData,
  getTopHolders,
  getWalletRewards,
  getCreatorEarnings,
  getHealthSignal,
  getLaunchTerms,
  acceptTerms,
  prepareLaunch,
  submitLaunch,
  confirmLaunch,
  prepareLaunchpadLaunch,
  submitLaunchpadLaunch,
  launchpadLaunchStatus,
];
