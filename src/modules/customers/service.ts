// The customers area as other areas see it. Modules import only this file.
//
// Customers
//   createCustomer(tx, ctx, input)            POST /customers; records `customer.created`
//   getCustomer(ex, ctx, id)                  the customer view, or 404 `customer`
//   findCustomerOrThrow(ex, tenant, id)       the customer row, or 404 `customer`
//   listCustomers / updateCustomer            GET /customers, PATCH /customers/{id}
export {
  createCustomer,
  findCustomerOrThrow,
  getCustomer,
  listCustomers,
  toCustomerView,
  updateCustomer,
  type CreateCustomerInput,
  type CustomerPatch,
  type CustomerView,
} from './customers.ts';
export { normaliseDocument, type DocumentType, type NormalisedDocument } from './document.ts';
