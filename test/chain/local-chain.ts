// A local EVM chain for tests: Hardhat 2's node (an npm package, devDependency `hardhat`) started
// as a child process on a free port with test/chain/hardhat.config.cjs: chain id 31337, Hardhat's
// public test accounts, automine (each transaction is mined in its own block at once). Stopped
// by the test that started it. All chain calls go through viem.
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPublicClient, createTestClient, createWalletClient, defineChain, http, type Chain, type PublicClient, type TestClient, type WalletClient, type Transport, type Account } from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);

export const LOCAL_CHAIN_ID = 31337;
export const LOCAL_NETWORK = `eip155:${LOCAL_CHAIN_ID}`;

/** Hardhat's default accounts 0, 4 and 5 (the public test mnemonic): funded on the local chain only. */
export const DEPLOYER_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80';
export const PROXY_ADMIN_KEY = '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a';
export const MINTER_KEY = '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba';

export interface LocalChain {
  url: string;
  network: string;
  chain: Chain;
  publicClient: PublicClient<Transport, Chain>;
  testClient: TestClient<'hardhat', Transport, Chain>;
  wallet(account: PrivateKeyAccount): WalletClient<Transport, Chain, Account>;
  stop(): Promise<void>;
}

const LISTENING = /Started HTTP and WebSocket JSON-RPC server at (http:\/\/[^\s/]+)\//;

/** Starts a Hardhat node on a free port (port 0: the node picks one and prints it). */
export async function startLocalChain(): Promise<LocalChain> {
  const cli = require.resolve('hardhat/internal/cli/cli.js');
  const child: ChildProcess = spawn(process.execPath, [cli, 'node', '--config', path.join(here, 'hardhat.config.cjs'), '--hostname', '127.0.0.1', '--port', '0'], {
    cwd: here,
    env: { ...process.env, HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true', NODE_OPTIONS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = LISTENING.exec(output);
      if (match) {
        child.stdout!.off('data', onData);
        child.stdout!.resume(); // keep draining: the node logs each request
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`the Hardhat node exited (${code}) before listening:\n${output}`)));
  });
  const chain = defineChain({ id: LOCAL_CHAIN_ID, name: 'Hardhat', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: [url] } } });
  const transport = http(url);
  return {
    url,
    network: LOCAL_NETWORK,
    chain,
    publicClient: createPublicClient({ chain, transport, pollingInterval: 50 }),
    testClient: createTestClient({ chain, transport, mode: 'hardhat' }),
    wallet: (account) => createWalletClient({ chain, transport, account }),
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export { privateKeyToAccount };
