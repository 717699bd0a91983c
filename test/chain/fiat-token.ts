// Circle's USDC (FiatTokenV2_2 behind FiatTokenProxy, EIP-3009) on the local chain. The Solidity
// source is vendored unchanged in test/chain/fiat-token/ (Apache-2.0, see SOURCE.md there) and
// compiled here with solc 0.6.12 from npm and Circle's optimizer settings (about a second; the
// output is cached in the OS temp directory by the hash of sources, compiler and settings). Deployed as Circle's
// scripts/deploy/deploy-fiat-token.s.sol does: implementation (initialised with throwaway values),
// proxy, changeAdmin, initialize, initializeV2, initializeV2_1, initializeV2_2; then
// configureMinter and mint, as docs/masterminter.md describes (the master minter here is an EOA).
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Abi, Address, Hex } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { DEPLOYER_KEY, MINTER_KEY, PROXY_ADMIN_KEY, privateKeyToAccount, type LocalChain } from './local-chain.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(import.meta.url);
const SOURCE_ROOT = path.join(here, 'fiat-token');
/** Circle's settings (foundry.toml, hardhat.config.ts): optimizer on, 10,000,000 runs. */
const SETTINGS = { optimizer: { enabled: true, runs: 10_000_000 }, outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } };

export interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

export interface FiatTokenArtifacts {
  token: Compiled;
  proxy: Compiled;
  /** An external library FiatTokenV2_2 calls (its bytecode is linked to the library's address). */
  signatureChecker: Compiled;
}

function sources(): Record<string, { content: string }> {
  const found: Record<string, { content: string }> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith('.sol')) found[path.relative(SOURCE_ROOT, full).split(path.sep).join('/')] = { content: readFileSync(full, 'utf8') };
    }
  };
  walk(path.join(SOURCE_ROOT, 'contracts'));
  return found;
}

/** OpenZeppelin 3.4.2 (devDependency) resolves the `@openzeppelin/...` imports. */
function importFromNodeModules(importPath: string): { contents: string } | { error: string } {
  try {
    return { contents: readFileSync(require.resolve(importPath), 'utf8') };
  } catch (error) {
    return { error: String(error) };
  }
}

export function compileFiatToken(): FiatTokenArtifacts {
  const solc = require('solc') as { version(): string; compile(input: string, options: { import: typeof importFromNodeModules }): string };
  const input = { language: 'Solidity', sources: sources(), settings: SETTINGS };
  const openZeppelin = (require('@openzeppelin/contracts/package.json') as { version: string }).version;
  const hash = createHash('sha256').update(JSON.stringify([solc.version(), openZeppelin, input])).digest('hex').slice(0, 16);
  const cacheDir = path.join(tmpdir(), 'billing-fiat-token');
  const cacheFile = path.join(cacheDir, `${hash}.json`);
  try {
    return JSON.parse(readFileSync(cacheFile, 'utf8')) as FiatTokenArtifacts;
  } catch {
    // not compiled yet with these sources
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: importFromNodeModules })) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const pick = (file: string, name: string): Compiled => {
    const contract = output.contracts[file]![name]!;
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` };
  };
  const artifacts = {
    token: pick('contracts/v2/FiatTokenV2_2.sol', 'FiatTokenV2_2'),
    proxy: pick('contracts/v1/FiatTokenProxy.sol', 'FiatTokenProxy'),
    signatureChecker: pick('contracts/util/SignatureChecker.sol', 'SignatureChecker'),
  };
  mkdirSync(cacheDir, { recursive: true });
  writeFileSync(cacheFile, JSON.stringify(artifacts));
  return artifacts;
}

export interface DeployedUsdc {
  address: Address;
  abi: Abi;
  /** The EIP-712 domain agents sign against (FiatTokenV2's name, version "2"). */
  domain: { name: string; version: string };
  decimals: number;
  /** Mints `amount` atomic units to `to` (the minter's allowance is large). */
  mint(to: Address, amount: bigint): Promise<void>;
  balanceOf(holder: Address): Promise<bigint>;
}

const THROWAWAY: Address = '0x0000000000000000000000000000000000000001';
export const TOKEN_NAME = 'USD Coin';

export async function deployUsdc(chain: LocalChain): Promise<DeployedUsdc> {
  const { token: unlinked, proxy, signatureChecker } = compileFiatToken();
  const deployer = privateKeyToAccount(DEPLOYER_KEY);
  const admin = privateKeyToAccount(PROXY_ADMIN_KEY);
  const minter = privateKeyToAccount(MINTER_KEY);
  const { publicClient } = chain;
  const send = async (account: PrivateKeyAccount, address: Address, functionName: string, args: unknown[], abi: Abi = unlinked.abi) => {
    const hash = await chain.wallet(account).writeContract({ address, abi, functionName, args } as never);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`${functionName} reverted`);
  };
  const deploy = async (compiled: Compiled, args: unknown[]): Promise<Address> => {
    const hash = await chain.wallet(deployer).deployContract({ abi: compiled.abi, bytecode: compiled.bytecode, args } as never);
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (!receipt.contractAddress) throw new Error('deployment made no contract');
    return receipt.contractAddress;
  };

  // The library first, linked into the implementation as Circle's deployment does (forge links it).
  const library = await deploy(signatureChecker, []);
  const linker = require('solc/linker') as { linkBytecode(bytecode: string, libraries: Record<string, string>): string };
  const token: Compiled = { abi: unlinked.abi, bytecode: linker.linkBytecode(unlinked.bytecode, { 'contracts/util/SignatureChecker.sol:SignatureChecker': library }) as Hex };
  // DeployImpl.sol: the implementation is initialised with throwaway values so nobody can later.
  const implementation = await deploy(token, []);
  await send(deployer, implementation, 'initialize', ['', '', '', 0, THROWAWAY, THROWAWAY, THROWAWAY, THROWAWAY]);
  await send(deployer, implementation, 'initializeV2', ['']);
  await send(deployer, implementation, 'initializeV2_1', [THROWAWAY]);
  await send(deployer, implementation, 'initializeV2_2', [[], '']);
  // deploy-fiat-token.s.sol: proxy, then a separate admin (the proxy never forwards its admin's calls).
  const address = await deploy(proxy, [implementation]);
  await send(deployer, address, 'changeAdmin', [admin.address], proxy.abi);
  await send(deployer, address, 'initialize', [TOKEN_NAME, 'USDC', 'USD', 6, deployer.address, deployer.address, deployer.address, deployer.address]);
  await send(deployer, address, 'initializeV2', [TOKEN_NAME]);
  await send(deployer, address, 'initializeV2_1', [deployer.address]);
  await send(deployer, address, 'initializeV2_2', [[], 'USDC']);
  await send(deployer, address, 'configureMinter', [minter.address, 10n ** 18n]);

  return {
    address,
    abi: unlinked.abi,
    domain: { name: TOKEN_NAME, version: '2' },
    decimals: 6,
    mint: (to, amount) => send(minter, address, 'mint', [to, amount]),
    balanceOf: (holder) => publicClient.readContract({ address, abi: unlinked.abi, functionName: 'balanceOf', args: [holder] }) as Promise<bigint>,
  };
}
