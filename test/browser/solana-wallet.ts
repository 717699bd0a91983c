// A Solana wallet injected into a page for the browser tests, announced through the Wallet
// Standard (`wallet-standard:register-wallet` / `wallet-standard:app-ready`, as Phantom, Solflare
// and Backpack announce themselves), with `standard:connect` and `solana:signTransaction`. Backed
// by a local keypair that signs the transaction bytes in Node with @solana/kit, as a wallet
// extension signs them.
import type { BrowserContext } from 'playwright-core';
import { getBase64EncodedWireTransaction, getBase64Encoder, getTransactionDecoder, partiallySignTransaction, type KeyPairSigner } from '@solana/kit';

export async function injectSolanaWallet(context: BrowserContext, buyer: KeyPairSigner): Promise<void> {
  await context.exposeBinding('__solanaSignTransaction', async (_source, base64: string) => {
    const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64));
    return getBase64EncodedWireTransaction(await partiallySignTransaction([buyer.keyPair], transaction));
  });
  await context.addInitScript(
    ({ address }) => {
      const bytesOf = (base64: string) => Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const base64Of = (bytes: Uint8Array) => btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join(''));
      const sign = (window as unknown as { __solanaSignTransaction(base64: string): Promise<string> }).__solanaSignTransaction;
      const chains = ['solana:devnet'] as const;
      const account = { address, publicKey: new Uint8Array(32), chains, features: ['solana:signTransaction'] };
      const wallet = {
        version: '1.0.0',
        name: 'Test Solana Wallet',
        icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
        chains,
        accounts: [account],
        features: {
          'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
          'solana:signTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            signTransaction: async (...inputs: Array<{ transaction: Uint8Array }>) => Promise.all(inputs.map(async (input) => ({ signedTransaction: bytesOf(await sign(base64Of(input.transaction))) }))),
          },
        },
      };
      const callback = ({ register }: { register(wallet: unknown): unknown }) => register(wallet);
      window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail));
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
    },
    { address: buyer.address },
  );
}
