// RAIL_RPC_URLS as the service reads it: CAIP-2 networks of both families the Rail settles on.
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

describe('RAIL_RPC_URLS', () => {
  it('takes EVM and Solana networks, and the fee payer threshold in lamports', () => {
    const urls = { 'eip155:8453': 'https://base.example', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'https://solana.example/?api-key=k' };
    const config = loadConfig({ RAIL_RPC_URLS: JSON.stringify(urls), RAIL_FEE_PAYER_MIN_BALANCE_LAMPORTS: '1000' });
    expect(config.rail.rpcUrls).toEqual(urls);
    expect(config.rail.feePayerMinBalanceLamports).toBe('1000');
    expect(loadConfig({}).rail.feePayerMinBalanceLamports).toBe('50000000');
  });

  it.each(['solana', 'solana:devnet', 'base', 'eip155:0'])('refuses the network %s, naming the setting', (network) => {
    const env = { RAIL_RPC_URLS: JSON.stringify({ [network]: 'https://rpc.example' }) };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/RAIL_RPC_URLS: .* is not a CAIP-2 network/);
  });
});
