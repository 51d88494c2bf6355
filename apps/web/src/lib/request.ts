import { REQUEST_TIMEOUT_MS } from '@chepai/shared';
import { filenameFromDisposition, saveBlob } from './download';
import { parseJsonKeepingBigInts } from './json';
import { encryptFields } from './rsa';
import { clearSession, getToken } from './session';
import { BASE_URL, send, TransportError, type IncomingResponse, type OutgoingRequest } from './transport';

// The request layer over fetch: the {code, msg, data} envelope, the token, toasts and the 401 dialog
// (docs/product.md#10-errors). It replaced axios, which weighed about 15 KiB gzip on every first
// load (docs/decisions/037-plain-auth-forms-and-a-lighter-entry.md); callers see the same calls.

export interface RequestConfig {
  method?: string;
  url?: string;
  /** GET: the query (unless `params` is given); otherwise the body. */
  data?: unknown;
  params?: Record<string, unknown>;
  /** Send the body form-encoded (GETs always put their data in the query). */
  form?: boolean;
  /** Body fields to RSA-encrypt before sending. */
  encrypt?: readonly string[];
  /** Show no toast for a failure (the comparison portal is always silent). */
  silent?: boolean;
  /** A token to send instead of the session's (one being checked, from a `?token=` link). */
  token?: string;
  /** `false`: a 401 is only an error, with no 系统提示 dialog (the token is not the session's). */
  relogin?: boolean;
  signal?: AbortSignal;
  /** `blob`: the answer is a file, saved under the name the server gives. */
  responseType?: 'json' | 'blob';
  onUploadProgress?: (e: { loaded: number; total: number }) => void;
}

export interface RequestResponse<T> {
  data: T;
  status: number;
  headers: Record<string, string>;
}

/** The UI the request layer talks to; the app installs antd's, tests install fakes. */
export interface RequestUi {
  toast(message: string, seconds: number): void;
  /** Resolves true on 重新登录, false on 取消. */
  confirmRelogin(): Promise<boolean>;
  navigate(path: string): void;
  currentPath(): string;
}

export class ApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const TOAST_SECONDS = 3;
const SILENT_PREFIXES = ['/carCompare'];

let ui: RequestUi = {
  toast: () => undefined,
  confirmRelogin: async () => false,
  navigate: (p) => window.location.assign(p),
  currentPath: () => window.location.pathname + window.location.search,
};
let reloginOpen = false;

export function installRequestUi(next: RequestUi) {
  ui = next;
}

const isSilent = (config?: { silent?: boolean }) =>
  Boolean(config?.silent) || SILENT_PREFIXES.some((p) => ui.currentPath().startsWith(p));

/** docs/product.md#10-errors: one 系统提示 dialog at a time; confirming clears the session and goes to login. */
async function handleUnauthorized() {
  if (reloginOpen) return;
  reloginOpen = true;
  try {
    const relogin = await ui.confirmRelogin();
    if (relogin) {
      const redirect = ui.currentPath();
      clearSession();
      ui.navigate(`/login?redirect=${encodeURIComponent(redirect)}`);
    }
  } finally {
    reloginOpen = false;
  }
}

function formEncode(data: unknown): string {
  if (data instanceof URLSearchParams) return data.toString();
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries((data ?? {}) as Record<string, unknown>)) {
    if (v === undefined || v === null) continue;
    params.append(k, typeof v === 'string' ? v : JSON.stringify(v));
  }
  return params.toString();
}

interface EnvelopeLike {
  code: number;
  msg?: string;
  data?: unknown;
}
const isEnvelope = (v: unknown): v is EnvelopeLike =>
  typeof v === 'object' && v !== null && typeof (v as { code?: unknown }).code === 'number';

function failWithEnvelope(body: EnvelopeLike, config: RequestConfig): never {
  const msg = body.msg || '请求失败';
  if (body.code === 401) {
    if (config.relogin !== false) void handleUnauthorized();
  } else if (!isSilent(config)) ui.toast(msg, TOAST_SECONDS);
  throw new ApiError(body.code, msg, body.data ?? null);
}

/** JSON text → value; anything else (a Blob, text that is not JSON) as it came. */
async function parseBody(data: unknown): Promise<unknown> {
  if (typeof data !== 'string' || !data) return data;
  try {
    return await parseJsonKeepingBigInts(data);
  } catch {
    return data;
  }
}

async function outgoing(config: RequestConfig): Promise<OutgoingRequest> {
  const method = (config.method ?? 'get').toLowerCase();
  const headers: Record<string, string> = {};
  const token = config.token ?? getToken();
  if (token) headers.Authorization = token;
  let data = config.data;
  if (config.encrypt?.length && data && typeof data === 'object') {
    data = await encryptFields(data as Record<string, unknown>, config.encrypt);
  }
  const base = {
    method,
    url: config.url ?? '',
    headers,
    responseType: config.responseType ?? 'json',
    timeout: REQUEST_TIMEOUT_MS,
    signal: config.signal,
    onUploadProgress: config.onUploadProgress,
  } as const;
  if (method === 'get') {
    const params = config.params ?? (data as Record<string, unknown> | undefined);
    return { ...base, ...(params ? { params } : {}) };
  }
  if (config.form) {
    headers['Content-Type'] = 'application/x-www-form-urlencoded;charset=UTF-8';
    return { ...base, params: config.params, data: formEncode(data) };
  }
  if (data instanceof FormData) return { ...base, params: config.params, data };
  headers['Content-Type'] = 'application/json;charset=UTF-8';
  return { ...base, params: config.params, data: data === undefined ? undefined : JSON.stringify(data) };
}

function networkMessage(error: TransportError): string {
  return error.kind === 'timeout' ? '请求超时，请检查网络后重试' : '网络连接失败，请检查网络后重试';
}

async function answered<T>(res: IncomingResponse, config: RequestConfig): Promise<RequestResponse<T>> {
  const ok = res.status >= 200 && res.status < 300;
  if (ok && res.body instanceof Blob) {
    if (res.body.type.includes('application/json')) {
      const body = await parseJsonKeepingBigInts(await res.body.text());
      if (isEnvelope(body) && body.code !== 200) failWithEnvelope(body, config);
    }
    saveBlob(res.body, filenameFromDisposition(res.headers['content-disposition']));
    return { data: res.body as T, status: res.status, headers: res.headers };
  }
  const body = await parseBody(res.body);
  if (isEnvelope(body) && (!ok || body.code !== 200)) failWithEnvelope(body, config);
  if (ok) return { data: body as T, status: res.status, headers: res.headers };
  if (res.status === 401) {
    if (config.relogin !== false) void handleUnauthorized();
    throw new ApiError(401, '登录状态已过期，请重新登录');
  }
  // axios's wording for an answer without an envelope, kept as it was.
  const message = `请求失败（${res.status}）：Request failed with status code ${res.status}`;
  if (!isSilent(config)) ui.toast(message, TOAST_SECONDS);
  throw new ApiError(res.status, message);
}

async function run<T>(config: RequestConfig): Promise<RequestResponse<T>> {
  const req = await outgoing(config);
  let res: IncomingResponse;
  try {
    res = await send(req);
  } catch (e) {
    if (!(e instanceof TransportError)) throw e;
    const message = networkMessage(e);
    // A request its caller gave up on (a query no longer needed) is no failure to report.
    if (e.kind !== 'aborted' && !isSilent(config)) ui.toast(message, TOAST_SECONDS);
    throw new ApiError(0, message);
  }
  return answered<T>(res, config);
}

/** The calls the app makes, in axios's shape. */
export const request = {
  defaults: { baseURL: BASE_URL, withCredentials: true, timeout: REQUEST_TIMEOUT_MS },
  request: <T = unknown>(config: RequestConfig) => run<T>(config),
  get: <T = unknown>(url: string, config: RequestConfig = {}) => run<T>({ ...config, method: 'get', url }),
  post: <T = unknown>(url: string, data?: unknown, config: RequestConfig = {}) =>
    run<T>({ ...config, method: 'post', url, data }),
};
