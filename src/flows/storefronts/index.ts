// The door of flows/storefronts: the only file other areas import (docs/ARCHITECTURE.md).
export { registerStorefrontRoutes } from './routes.ts';
export { registerShopPageRoutes } from './shop-page-routes.ts';
export { type StorefrontTables } from './tables.ts';
export { THEME_ACCENTS, THEME_PRESETS } from './storefront-rules.ts';
export { openShopPreview, presentShop } from './orders.ts';
export { renderShopPage, SHOP_STYLE_HASH } from './shop-page.ts';
