// The seller of the README's "Try it in the sandbox": a node:http server whose every request costs
// the price of the `forecast_calls` meter of the product `weather-api`, paid over x402 and settled
// by the billing service. Settings from the environment: BILLING_URL, BILLING_KEY, SELLER_PORT.
import http from 'node:http';
import { createRail, nodeHandler } from '@billing/rail-middleware';

const rail = await createRail({
  serviceUrl: process.env.BILLING_URL ?? 'http://localhost:4000',
  apiKey: process.env.BILLING_KEY ?? '',
  product: 'weather-api',
});
const port = Number(process.env.SELLER_PORT ?? 3000);

const server = http.createServer(
  nodeHandler(rail, 'forecast_calls', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ forecast: 'sunny' }));
  }),
);
server.listen(port, () => console.log(`seller listening on http://localhost:${port}/forecast`));
process.on('SIGTERM', () => {
  server.close();
  void rail.close();
});
