import type { ApiRoute } from './api.ts';
import { noSuch } from './errors.ts';
import { isPlausibleId, newId } from './ids.ts';
import type { Local } from './local.ts';
import { optionalString, readMetadata } from './params.ts';
import { renderCustomer } from './render.ts';
import type { CustomerRecord } from './state.ts';

export function findCustomer(local: Local, id: string, param = 'id'): CustomerRecord {
  const customer = isPlausibleId(id) ? local.state.customers.get(id) : undefined;
  if (!customer) throw noSuch('customer', id.slice(0, 255), param);
  return customer;
}

export const CUSTOMER_ROUTES: ApiRoute[] = [
  {
    method: 'post',
    template: '/v1/customers',
    handle(local, { params }) {
      const customer: CustomerRecord = {
        id: newId('cus_', 14), created: local.nowSeconds(), email: optionalString(params, 'email', 512),
        name: optionalString(params, 'name', 256), description: optionalString(params, 'description', 350), metadata: readMetadata(params),
      };
      local.state.customers.set(customer.id, customer);
      return { status: 200, body: renderCustomer(customer) };
    },
  },
  {
    method: 'get',
    template: '/v1/customers/{customer}',
    handle: (local, { path }) => ({ status: 200, body: renderCustomer(findCustomer(local, path.customer ?? '')) }),
  },
];
