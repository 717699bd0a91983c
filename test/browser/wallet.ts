// An EIP-1193 wallet injected into a page (window.ethereum) for the browser tests, backed by a local
// key that signs in Node through viem, as a wallet extension would.
import type { BrowserContext } from 'playwright-core';
import type { PrivateKeyAccount } from 'viem/accounts';

/** window.ethereum in the page: accounts and chain answered there, typed data signed in Node by the buyer's key (or refused). */
export async function injectWallet(context: BrowserContext, buyer: PrivateKeyAccount, chainId: number, refuse = false): Promise<void> {
  await context.exposeBinding('__signTypedData', async (_source, json: string) => {
    const typed = JSON.parse(json) as { domain: Record<string, unknown>; types: Record<string, Array<{ name: string; type: string }>>; primaryType: string; message: Record<string, string> };
    const { EIP712Domain: _domain, ...types } = typed.types;
    const message = { ...typed.message, value: BigInt(typed.message.value!), validAfter: BigInt(typed.message.validAfter!), validBefore: BigInt(typed.message.validBefore!) };
    return buyer.signTypedData({ domain: typed.domain, types, primaryType: typed.primaryType, message } as Parameters<typeof buyer.signTypedData>[0]);
  });
  await context.addInitScript(
    ({ address, chainId, refuse }) => {
      (window as unknown as { ethereum: unknown }).ethereum = {
        request: async ({ method, params }: { method: string; params?: unknown[] }) => {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
          if (method === 'eth_chainId') return `0x${chainId.toString(16)}`;
          if (method === 'eth_signTypedData_v4') {
            if (refuse) throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
            return (window as unknown as { __signTypedData(json: string): Promise<string> }).__signTypedData(params![1] as string);
          }
          throw Object.assign(new Error(`The wallet does not support ${method}`), { code: 4200 });
        },
      };
    },
    { address: buyer.address, chainId, refuse },
  );
}
