import {
  fillPath,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type Envelope,
} from '@chepai/shared';
import { request, type RequestConfig } from './request';

export type CallOptions = Pick<
  RequestConfig,
  'encrypt' | 'silent' | 'signal' | 'responseType' | 'token' | 'relogin' | 'params'
>;

/** Calls one contract; path params are filled from the input, the rest goes as query or body. */
export async function callApi<E extends Endpoint>(
  contract: E,
  input: EndpointInput<E>,
  options: CallOptions = {},
): Promise<EndpointOutput<E>> {
  const values = (input ?? {}) as Record<string, unknown>;
  const pathParams = [...contract.path.matchAll(/:([A-Za-z]\w*)/g)].map((m) => m[1] as string);
  const rest = Object.fromEntries(Object.entries(values).filter(([k]) => !pathParams.includes(k)));
  const response = await request.request<Envelope<EndpointOutput<E>>>({
    method: contract.method,
    url: fillPath(contract.path, values),
    data: rest,
    form: contract.form ?? false,
    ...options,
  });
  return response.data.data;
}
