// `npm run devnet`: prints its ready line, serves official clients, and with --data-dir a restart
// (after a clean stop or a kill) continues the same chain, its slots and its simulated wallets.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSolanaRpc } from '@solana/kit';
import { afterAll, describe, expect, it } from 'vitest';
import { keyPairFromLabel } from '../../../infra/crypto/ed25519.js';

const READY = /^devnet ready rpc=(http:\/\/127\.0\.0\.1:\d+) grpc=(http:\/\/127\.0\.0\.1:\d+)$/m;
const children: ChildProcess[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'devnet-command-'));

function startDevnet(args: string[]): Promise<{ child: ChildProcess; rpcUrl: string; grpcUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'infra/devnet/main.ts', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => reject(new Error(`no ready line; stderr: ${err}`)), 60_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = READY.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve({ child, rpcUrl: match[1]!, grpcUrl: match[2]! });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`devnet exited with ${code}: ${err}`)));
  });
}

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => (child.exitCode !== null ? resolve() : child.on('exit', () => resolve())));
}

async function waitForSlot(rpcUrl: string, slot: bigint): Promise<bigint> {
  const rpc = createSolanaRpc(rpcUrl);
  for (;;) {
    const current = await rpc.getSlot({ commitment: 'processed' }).send();
    if (current >= slot) return current;
    await new Promise((r) => setTimeout(r, 100));
  }
}

afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('npm run devnet', () => {
  it('refuses bad options with a clear message', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'infra/devnet/main.ts', '--speed', 'warp'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let err = '';
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    await exited(child);
    expect(child.exitCode).toBe(2);
    expect(err).toMatch(/--speed/);
  });

  it('continues the same chain after a clean stop and after a kill', async () => {
    const args = ['--rpc-port', '0', '--grpc-port', '0', '--seed', '3', '--speed', 'max', '--data-dir', dataDir];
    const first = await startDevnet(args);
    const rpc1 = createSolanaRpc(first.rpcUrl);
    const genesis = await rpc1.getGenesisHash().send();
    const reached = await waitForSlot(first.rpcUrl, 40n);
    first.child.kill('SIGTERM');
    await exited(first.child);

    const second = await startDevnet(args);
    const rpc2 = createSolanaRpc(second.rpcUrl);
    expect(await rpc2.getGenesisHash().send()).toBe(genesis);
    const resumed = await rpc2.getSlot({ commitment: 'processed' }).send();
    expect(resumed).toBeGreaterThanOrEqual(reached);
    const wallet = keyPairFromLabel('launchtape-sim/3/wallet/0').address;
    expect((await rpc2.getBalance(wallet, { commitment: 'processed' }).send()).value).toBeGreaterThan(0n);
    const beforeKill = await waitForSlot(second.rpcUrl, resumed + 20n);
    second.child.kill('SIGKILL');
    await exited(second.child);

    const third = await startDevnet(args);
    const rpc3 = createSolanaRpc(third.rpcUrl);
    expect(await rpc3.getSlot({ commitment: 'processed' }).send()).toBeGreaterThanOrEqual(beforeKill - 1n);
    third.child.kill('SIGTERM');
    await exited(third.child);
  });
});
