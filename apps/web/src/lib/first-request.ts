import type { IncomingResponse } from './transport';

/**
 * The first request of some pages (the lot detail) is started by the route preload script in
 * <head>, beside the entry rather than after it (build/route-preload.ts,
 * docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md). The request layer takes its answer
 * here, once, when it sends the very same request (method, address, body and token) soon after.
 */
interface FirstRequest {
  key: string;
  at: number;
  response: Promise<IncomingResponse>;
}

declare global {
  interface Window {
    __firstRequest?: FirstRequest;
  }
}

const FRESH_MS = 15_000;

export function takeFirstResponse(
  method: string,
  url: string,
  body: string | FormData | undefined,
  token: string | undefined,
): Promise<IncomingResponse> | null {
  const first = window.__firstRequest;
  if (!first || typeof body !== 'string') return null;
  if (Date.now() - first.at > FRESH_MS) {
    delete window.__firstRequest;
    return null;
  }
  if (first.key !== `${method.toUpperCase()} ${url} ${body} ${token ?? ''}`) return null;
  delete window.__firstRequest;
  return first.response;
}
