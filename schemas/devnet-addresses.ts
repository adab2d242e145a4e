// The embedded devnet's addresses, the configuration's defaults (schemas/config.ts).
/** Addresses of the embedded devnet: its programs, the service's wallets and the listed tokens.
 * The devnet derives the same addresses from fixed labels (infra/devnet/genesis/well-known-keys.ts). */
export const DEVNET_ADDRESSES = {
  launchpadProgram: 'GeaYWq4Fxs6j2SVoyxURypJYaZCp8UoH67TRsLBmpD5j',
  poolVenueProgram: '7Xmi3n5a1pbj3xKvfuDBMHKEiXDjzUFNAKfcwFx3GGX4',
  guardProgram: 'FAVqQ52HeoyyEGKTPMKLZbjnrcGgEsXyLSFKXZB3V3HX',
  treasury: '7gHhr8mC3vcCy1Pjr9cgjv229uuMruvhSKyYSLTeLS3m',
  aiFund: 'HCiL1LPHjBxCnvgkXdu5s4TroFLxJATm56D3ZyoVP4so',
  burnFund: 'Fsm1LP3qVyodrN9RX94eSMekLDc3xnGREQKoHtSRkfoW',
  rewardsVault: 'D2cHZqRnBCqoSRuUjDEqSmYuo1VZi8wsZseQqQjsRtM1',
  creatorVault: 'HuakyzrKc8mK589z2VkLzkiaQTWjYjXjqWNV8K2uX8uN',
  platformLiquidity: '6ZxHqVRpWpafLxUtBeEnhyJeNNdifTPrcjyExcaWZ8RS',
  flywheelFund: '2fYFcmwaMGoykq88Q8ZWfD1cjE7mJqcpBUf1FJFzuQNo',
  sponsor: '8A5AQ9qS4bxEdQHEW1paBMChc6kN6poBTziJSQpLugXY',
  keeper: '32m4etXgt7Vxkhx8HY2o5KN6KuSdotZYhnt1eEnkUXvz',
  payments: '5HtvditAaMtBTb5XDEphnabLKZTKa7b76WE4taq3927K',
  feePayer: '52bCuaGRaaduHtiVfQkqaqmWBJkBQwjZ5Trs4VZkWkDS',
  stablecoinMint: 'CvsiwbxWN3UgXF5WEL2hbmTzUHtBhztUTk4ESLnHsDnk',
  platformTokenMint: 'Ejdat1a6WxYb7x9iduhLRU8SXRfX5JfC8rfLepdZ5rYC',
  basketMints: [
    '2ys5N5hybpL31WgyF123mAXa8iw4eQVpp7Sa18SUfvPU',
    '6mDX78HQYPhMVbq16onW6GCxBvKF6Q1H2rnTMVV75HJQ',
    '9aiE7ui2L63mYA7xVHsoF2h3LxwynVA8E4ANa4jcsqXY',
    'DpzZKpgwv6JgA1kBeX7Zrmu4C4A8GH8nRw7eLysmTU3x',
  ],
} as const;
