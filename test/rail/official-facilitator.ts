// The official x402 facilitator as an HTTP peer for tests: @x402/core's x402Facilitator with
// @x402/evm's exact facilitator scheme and a viem signer (its own relayer) on the local chain,
// behind a bearer token (POST /verify, POST /settle, GET /supported).
import { createServer, type Server } from 'node:http';
import { publicActions } from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { x402Facilitator } from '@x402/core/facilitator';
import { ExactEvmScheme as FacilitatorExactEvmScheme } from '@x402/evm/exact/facilitator';
import { toFacilitatorEvmSigner } from '@x402/evm';
import type { LocalChain } from '../chain/local-chain.ts';
import { listen } from './servers.ts';

export async function startOfficialFacilitator(chain: LocalChain, signer: PrivateKeyAccount, token: string): Promise<{ url: string; server: Server }> {
  const network = chain.network as `${string}:${string}`;
  const wallet = chain.wallet(signer).extend(publicActions);
  return serveFacilitator(new x402Facilitator().register(network, new FacilitatorExactEvmScheme(toFacilitatorEvmSigner(Object.assign(wallet, { address: signer.address }) as never))), token);
}

/** An official facilitator (any schemes registered) served over HTTP behind `Bearer <token>`. */
export async function serveFacilitator(facilitator: x402Facilitator, token: string): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.headers.authorization !== `Bearer ${token}`) return reply(401, { error: 'unauthorized' });
    if (req.method === 'GET' && req.url === '/supported') return reply(200, facilitator.getSupported());
    let text = '';
    for await (const chunk of req) text += chunk;
    const body = JSON.parse(text || '{}');
    if (req.method === 'POST' && req.url === '/verify') return reply(200, await facilitator.verify(body.paymentPayload, body.paymentRequirements));
    if (req.method === 'POST' && req.url === '/settle') return reply(200, await facilitator.settle(body.paymentPayload, body.paymentRequirements));
    return reply(404, { error: 'not found' });
  });
  server.keepAliveTimeout = 0;
  return { url: await listen(server), server };
}
