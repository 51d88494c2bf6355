import { takeFirstResponse } from './first-request';

/**
 * What crosses the network for the request layer (./request.ts): one request as it will be sent,
 * one answer as it came. fetch carries it, or XMLHttpRequest when the caller follows an upload's
 * progress (fetch cannot report it). Tests put a fake in its place (`setTransport`), the way
 * axios-mock-adapter replaced axios's adapter (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md).
 */
export interface OutgoingRequest {
  /** Lower-case, as axios wrote it. */
  method: string;
  /** The path below the base (`/api`), without the query. */
  url: string;
  /** The query, sent as `a=1&b=2` (arrays as `a[]=1&a[]=2`, objects as JSON, as axios sent them). */
  params?: Record<string, unknown>;
  /** The body as it will be sent. */
  data?: string | FormData;
  headers: Record<string, string>;
  responseType: 'json' | 'blob';
  timeout: number;
  signal?: AbortSignal;
  onUploadProgress?: (e: { loaded: number; total: number }) => void;
}

export interface IncomingResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** Text, or a Blob when one was asked for. */
  body: string | Blob;
}

/** The request never got an answer. */
export class TransportError extends Error {
  constructor(readonly kind: 'network' | 'timeout' | 'aborted') {
    super(kind);
    this.name = 'TransportError';
  }
}

export type Transport = (req: OutgoingRequest) => Promise<IncomingResponse>;

export const BASE_URL = '/api';

function queryString(params: Record<string, unknown> | undefined): string {
  const q = new URLSearchParams();
  const add = (k: string, v: unknown) => {
    if (v === undefined || v === null) return;
    if (v instanceof Date) q.append(k, v.toISOString());
    else if (typeof v === 'object') q.append(k, JSON.stringify(v));
    else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') q.append(k, String(v));
  };
  for (const [k, v] of Object.entries(params ?? {})) {
    if (Array.isArray(v)) for (const item of v) add(`${k}[]`, item);
    else add(k, v);
  }
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const fullUrl = (req: Pick<OutgoingRequest, 'url' | 'params'>) =>
  `${BASE_URL}${req.url}${queryString(req.params)}`;

const headersOf = (h: Headers) => Object.fromEntries([...h.entries()].map(([k, v]) => [k.toLowerCase(), v]));

async function viaFetch(req: OutgoingRequest): Promise<IncomingResponse> {
  const url = fullUrl(req);
  const first = takeFirstResponse(req.method, url, req.data, req.headers.Authorization);
  if (first) {
    try {
      return await first;
    } catch {
      /* the early request failed: this one goes out afresh */
    }
  }
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeout);
  const onAbort = () => controller.abort();
  req.signal?.addEventListener('abort', onAbort);
  try {
    const res = await fetch(url, {
      method: req.method.toUpperCase(),
      headers: req.headers,
      body: req.data,
      credentials: 'include',
      signal: controller.signal,
    });
    const body = req.responseType === 'blob' && res.ok ? await res.blob() : await res.text();
    return { status: res.status, headers: headersOf(res.headers), body };
  } catch {
    throw new TransportError(timedOut ? 'timeout' : req.signal?.aborted ? 'aborted' : 'network');
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onAbort);
  }
}

function viaXhr(req: OutgoingRequest): Promise<IncomingResponse> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(req.method.toUpperCase(), fullUrl(req));
    xhr.withCredentials = true;
    xhr.timeout = req.timeout;
    xhr.responseType = req.responseType === 'blob' ? 'blob' : 'text';
    for (const [k, v] of Object.entries(req.headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => req.onUploadProgress?.({ loaded: e.loaded, total: e.total });
    xhr.onload = () => {
      const headers: Record<string, string> = {};
      for (const line of xhr.getAllResponseHeaders().trim().split(/\r?\n/)) {
        const at = line.indexOf(':');
        if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
      }
      resolve({ status: xhr.status, headers, body: xhr.response as string | Blob });
    };
    xhr.onerror = () => reject(new TransportError('network'));
    xhr.ontimeout = () => reject(new TransportError('timeout'));
    xhr.onabort = () => reject(new TransportError('aborted'));
    req.signal?.addEventListener('abort', () => xhr.abort());
    xhr.send(req.data ?? null);
  });
}

let transport: Transport = (req) => (req.onUploadProgress ? viaXhr(req) : viaFetch(req));

/** Puts another transport in place (tests: testing/mock-api.ts); returns the one it replaced. */
export function setTransport(next: Transport): Transport {
  const previous = transport;
  transport = next;
  return previous;
}

export const send: Transport = (req) => transport(req);
