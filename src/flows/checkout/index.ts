// The door of flows/checkout: the only file other areas import (docs/ARCHITECTURE.md).
export { registerBoletoRoutes } from './boleto-routes.ts';
export { registerPaymentLinkCheckoutRoutes } from './link-page-routes.ts';
export { registerCheckoutRoutes } from './routes.ts';
