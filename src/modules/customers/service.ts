// The customers area as other areas see it. Modules import only this file.
//
// Customers
//   createCustomer(tx, ctx, input)            POST /customers; records `customer.created`
//   getCustomer(ex, ctx, id)                  the customer view, or 404 `customer`
//   findCustomerOrThrow(ex, tenant, id)       the customer row, or 404 `customer`
//   listCustomers / updateCustomer            GET /customers, PATCH /customers/{id}
// Enrollments (a customer in a product at a published version; the interface's "enrollment id")
//   createEnrollment(tx, ctx, customerId, {productId, productVersionId?})
//   findEnrollmentOrThrow(ex, tenant, id, forUpdate?)  EnrollmentRow, or 404 `enrollment`
//   getEnrollment(ex, ctx, id) / toEnrollmentView(row)
//   resolveEnrollment(ex, tenant, customerRef, productId)
//       metering's hot path: customer id or externalId + product -> the newest enrollment that is
//       not canceled, or undefined; one indexed query
// Rate cards
//   effectivePrices(ex, tenant, enrollmentId, at)  PriceView[]: the prices of the rate card in effect
//       at `at`, else the version's
//   effectivePricing(ex, tenant, enrollmentId, at) the same with its source, rate card id and base price override
//   pricingSchedule(ex, tenant, enrollmentId, from, to, versions?)  [from, to) split at rate card
//       boundaries and version changes, each part with the prices in force then (invoicing): the
//       card's for the meters it prices, the version's for the others
export {
  createCustomer,
  findCustomerByEmail,
  findCustomerOrThrow,
  getCustomer,
  listCustomers,
  toCustomerView,
  updateCustomer,
  type CreateCustomerInput,
  type CustomerPatch,
  type CustomerView,
} from './customers.ts';
export { creditCustomerBalance, drawCustomerBalance, type CustomerBalanceView } from './balances.ts';
export { normaliseDocument, type DocumentType, type NormalisedDocument } from './document.ts';
export {
  cancelEnrollment,
  createEnrollment,
  findEnrollmentOrThrow,
  moveEnrollmentToVersion,
  getEnrollment,
  listCustomerEnrollments,
  resolveEnrollment,
  toEnrollmentView,
  type CreateEnrollmentInput,
  type EnrollmentView,
} from './enrollments.ts';
export {
  createRateCard,
  deleteRateCard,
  effectivePrices,
  effectivePricing,
  listRateCards,
  pricingSchedule,
  type CreateRateCardInput,
  type EffectivePricing,
  type PricingPeriod,
  type RateCardView,
  type VersionStep,
} from './rate-cards.ts';
