// A payout as the wallet rewards read shows it (the resident rewards model's payout store lists them per wallet).

export interface WalletPayout {
  coin: string;
  round: number;
  token: string;
  amount: string;
  signature: string;
  /** Block time, unix seconds. */
  time: number;
}
