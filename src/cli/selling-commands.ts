// The seller's selling commands: storefronts (a public shop) and payment links (a checkout page
// for one product), over the HTTP API through the SDK, in the style of seller-commands.ts.
import { Command, Option } from 'commander';
import { apiCommand, clientOf, limitOption, printOne, printRows, productIdOf, take, type ApiOptions, type Rows } from './output.ts';

const STOREFRONT_FIELDS = ['id', 'slug', 'name', 'status', 'fulfillmentMode', 'shippingFlatAmount', 'productIds', 'shopUrl'];
const LINK_FIELDS = ['id', 'productId', 'productVersionId', 'quantity', 'active', 'url'];

/** Products by id or key, several at once (`--product a --product b`). */
const collect = (value: string, previous: string[] = []) => [...previous, value];

interface StorefrontOptions extends ApiOptions {
  name?: string;
  slug?: string;
  product?: string[];
  description?: string;
  fulfillmentMode?: string;
  shippingFlatAmount?: string;
  pickupNote?: string;
}

export function registerSellingCommands(program: Command): void {
  const storefronts = program.command('storefronts').description('public shops at /shop/{slug}');
  // The shop's address is not a field of the API's answer: it is the service's /shop/{slug}.
  const withShopUrl = (o: ApiOptions, shop: { slug: string }) => ({ ...shop, shopUrl: `${o.baseUrl ?? process.env.BASE_URL ?? 'http://localhost:4000'}/shop/${shop.slug}` });
  const shopBody = async (o: StorefrontOptions) => {
    const client = clientOf(o);
    return {
      ...(o.name !== undefined && { name: o.name }),
      ...(o.slug !== undefined && { slug: o.slug }),
      ...(o.product !== undefined && { productIds: await Promise.all(o.product.map((p) => productIdOf(client, p))) }),
      ...(o.description !== undefined && { description: o.description }),
      ...(o.fulfillmentMode !== undefined && { fulfillmentMode: o.fulfillmentMode as 'pickup' }),
      ...(o.shippingFlatAmount !== undefined && { shippingFlatAmount: o.shippingFlatAmount }),
      ...(o.pickupNote !== undefined && { pickupNote: o.pickupNote }),
    };
  };
  const shopOptions = (command: Command) =>
    command
      .option('--product <id-or-key>', 'a product to sell (repeat it for more; priced one_time, with a published default version)', collect)
      .option('--description <text>', 'shown under the name')
      .addOption(new Option('--fulfillment-mode <mode>', 'how the buyer receives the purchase').choices(['pickup', 'shipping', 'both']))
      .option('--shipping-flat-amount <decimal>', 'shipping charged per order, e.g. 15.00')
      .option('--pickup-note <text>', 'where and when to pick up');

  apiCommand(storefronts, 'list', 'list storefronts')
    .addOption(limitOption())
    .action(async (o: ApiOptions & { limit: string }) => {
      const rows = (await take(clientOf(o).paginate('/storefronts'), Number(o.limit))).map((shop) => withShopUrl(o, shop));
      printRows(o, rows as Rows, ['id', 'slug', 'name', 'status', 'shopUrl']);
    });
  shopOptions(apiCommand(storefronts, 'create', 'create a storefront').requiredOption('--slug <slug>', 'its address: /shop/{slug}').requiredOption('--name <name>', 'its name')).action(
    async (o: StorefrontOptions & { slug: string; name: string }) => {
      const client = clientOf(o);
      const body = { ...(await shopBody(o)), slug: o.slug, name: o.name };
      printOne(o, withShopUrl(o, await client.unwrap(client.raw.POST('/storefronts', { body }))), STOREFRONT_FIELDS);
    },
  );
  shopOptions(
    apiCommand(storefronts, 'update', 'change a storefront (only the options given; --product replaces the list)')
      .argument('<storefrontId>')
      .option('--name <name>', 'its name')
      .option('--slug <slug>', 'its address: /shop/{slug}')
      .addOption(new Option('--status <status>', 'disabled takes the shop offline at once').choices(['active', 'disabled'])),
  ).action(async (id: string, o: StorefrontOptions & { status?: string }) => {
    const client = clientOf(o);
    const body = { ...(await shopBody(o)), ...(o.status !== undefined && { status: o.status as 'active' }) };
    const updated = await client.unwrap(client.raw.PATCH('/storefronts/{storefrontID}', { params: { path: { storefrontID: id } }, body }));
    printOne(o, withShopUrl(o, updated), STOREFRONT_FIELDS);
  });

  const links = program.command('payment-links').description('payment links: a checkout page for one product');
  apiCommand(links, 'list', 'list payment links')
    .addOption(limitOption())
    .option('--product <id-or-key>', 'only this product')
    .action(async (o: ApiOptions & { limit: string; product?: string }) => {
      const client = clientOf(o);
      const query = o.product ? { productId: await productIdOf(client, o.product) } : {};
      const rows = await take(client.paginate('/payment-links', query), Number(o.limit));
      printRows(o, rows as Rows, ['id', 'productId', 'quantity', 'active', 'url']);
    });
  apiCommand(links, 'create', "create a payment link for a product's default version (or --product-version)")
    .requiredOption('--product <id-or-key>', 'product id or key')
    .option('--product-version <id>', 'a published version (an offer) instead of the default')
    .option('--quantity <decimal>', 'how many the buyer gets (default 1)')
    .option('--success-url <url>', 'where the buyer goes after paying')
    .option('--cancel-url <url>', 'where the buyer goes on giving up')
    .action(async (o: ApiOptions & { product: string; productVersion?: string; quantity?: string; successUrl?: string; cancelUrl?: string }) => {
      const client = clientOf(o);
      const body = {
        productId: await productIdOf(client, o.product),
        ...(o.productVersion !== undefined && { productVersionId: o.productVersion }),
        ...(o.quantity !== undefined && { quantity: o.quantity }),
        ...(o.successUrl !== undefined && { successUrl: o.successUrl }),
        ...(o.cancelUrl !== undefined && { cancelUrl: o.cancelUrl }),
      };
      printOne(o, (await client.unwrap(client.raw.POST('/payment-links', { body }))) as Record<string, unknown>, LINK_FIELDS);
    });
  for (const [name, active] of [['enable', true], ['disable', false]] as const) {
    apiCommand(links, name, active ? 'turn a payment link on' : 'turn a payment link off (its page answers "not found")')
      .argument('<linkId>')
      .action(async (id: string, o: ApiOptions) => {
        const client = clientOf(o);
        const link = await client.unwrap(client.raw.PATCH('/payment-links/{linkID}', { params: { path: { linkID: id } }, body: { active } }));
        printOne(o, link as Record<string, unknown>, LINK_FIELDS);
      });
  }
}
