// The door of modules/customers: the only file other areas import (docs/ARCHITECTURE.md).
export { Address, type PostalAddress } from './address.ts';
export { registerEnrollmentRoutes } from './enrollment-routes.ts';
export { registerCustomerRoutes } from './routes.ts';
export {
  cancelEnrollment,
  createCustomer,
  creditCustomerBalance,
  drawCustomerBalance,
  createEnrollment,
  effectivePricing,
  moveEnrollmentToVersion,
  findCustomerByEmail,
  findCustomerOrThrow,
  findEnrollmentOrThrow,
  getCustomer,
  listCustomers,
  normaliseDocument,
  pricingSchedule,
  resolveEnrollment,
  type CustomerView,
  type PricingPeriod,
  type VersionStep,
} from './service.ts';
export { type CustomerTables } from './tables.ts';
export { searchCustomers } from './search.ts';
