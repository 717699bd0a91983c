// The local chain itself: Circle's USDC deployed by test/chain/fiat-token.ts answers as USDC does
// (name, version, decimals) and moves balances on an EIP-3009 transferWithAuthorization submitted
// by a third account (the relayer pays the gas, the agent signed only the authorization).
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSignature } from 'viem';
import { authorizationTypes } from '@x402/evm';
import { deployUsdc, type DeployedUsdc } from './fiat-token.ts';
import { DEPLOYER_KEY, startLocalChain, type LocalChain } from './local-chain.ts';

let chain: LocalChain;
let usdc: DeployedUsdc;

beforeAll(async () => {
  chain = await startLocalChain();
  usdc = await deployUsdc(chain);
});
afterAll(async () => {
  await chain?.stop();
});

describe('Circle USDC on the local Hardhat chain', () => {
  it('reads as USDC and settles an EIP-3009 authorization submitted by a relayer', async () => {
    const read = (functionName: string, args: unknown[] = []) => chain.publicClient.readContract({ address: usdc.address, abi: usdc.abi, functionName, args } as never);
    expect(await read('name')).toBe('USD Coin');
    expect(await read('version')).toBe('2');
    expect(await read('decimals')).toBe(6);

    const agent = privateKeyToAccount(generatePrivateKey());
    const payTo = privateKeyToAccount(generatePrivateKey()).address;
    const relayer = privateKeyToAccount(generatePrivateKey());
    await chain.wallet(privateKeyToAccount(DEPLOYER_KEY)).sendTransaction({ to: relayer.address, value: 10n ** 17n });
    await usdc.mint(agent.address, 5_000_000n); // 5 USDC

    const now = BigInt(Math.floor(Date.now() / 1000));
    const message = { from: agent.address, to: payTo, value: 1_500_000n, validAfter: now - 60n, validBefore: now + 300n, nonce: `0x${randomBytes(32).toString('hex')}` as const };
    const signature = await agent.signTypedData({ domain: { ...usdc.domain, chainId: chain.chain.id, verifyingContract: usdc.address }, types: authorizationTypes, primaryType: 'TransferWithAuthorization', message });
    const { v, r, s } = parseSignature(signature);
    const hash = await chain.wallet(relayer).writeContract({
      address: usdc.address,
      abi: usdc.abi,
      functionName: 'transferWithAuthorization',
      args: [message.from, message.to, message.value, message.validAfter, message.validBefore, message.nonce, Number(v), r, s],
    } as never);
    expect((await chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    // 5 USDC - 1.5 USDC = 3.5 USDC left to the agent; payTo holds 1.5 USDC.
    expect(await usdc.balanceOf(agent.address)).toBe(3_500_000n);
    expect(await usdc.balanceOf(payTo)).toBe(1_500_000n);
  });
});
