import type { AxiosError } from 'axios';
import axios, {
  AxiosHeaders,
  type AxiosInstance,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { REQUEST_TIMEOUT_MS } from '@chepai/shared';
import { filenameFromDisposition, saveBlob } from './download';
import { parseJsonKeepingBigInts } from './json';
import { encryptFields } from './rsa';
import { clearSession, getToken } from './session';

declare module 'axios' {
  interface AxiosRequestConfig {
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
  }
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

function failWithEnvelope(
  body: EnvelopeLike,
  config: { silent?: boolean; relogin?: boolean } | undefined,
): never {
  const msg = body.msg || '请求失败';
  if (body.code === 401) {
    if (config?.relogin !== false) void handleUnauthorized();
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

export function createRequest(): AxiosInstance {
  const instance = axios.create({
    baseURL: '/api',
    withCredentials: true,
    timeout: REQUEST_TIMEOUT_MS,
    // Bodies stay text here and are parsed in the interceptors below: parsing may need json-bigint,
    // which loads on demand (./json.ts), and a transform cannot wait for it.
    transformResponse: [(data: unknown) => data],
  });

  instance.interceptors.request.use(async (config: InternalAxiosRequestConfig) => {
    const headers = AxiosHeaders.from(config.headers);
    const token = config.token ?? getToken();
    if (token) headers.set('Authorization', token);
    if (config.encrypt?.length && config.data && typeof config.data === 'object') {
      config.data = await encryptFields(config.data as Record<string, unknown>, config.encrypt);
    }
    const method = (config.method ?? 'get').toLowerCase();
    if (method === 'get') {
      if (config.data && !config.params) config.params = config.data as Record<string, unknown>;
      config.data = undefined;
    } else if (config.form) {
      headers.set('Content-Type', 'application/x-www-form-urlencoded;charset=UTF-8');
      config.data = formEncode(config.data);
    } else if (!(config.data instanceof FormData)) {
      headers.set('Content-Type', 'application/json;charset=UTF-8');
    }
    config.headers = headers;
    return config;
  });

  instance.interceptors.response.use(
    async (response: AxiosResponse) => {
      response.data = await parseBody(response.data);
      if (response.config.responseType === 'blob' && response.data instanceof Blob) {
        if (response.data.type.includes('application/json')) {
          const body = await parseJsonKeepingBigInts(await response.data.text());
          if (isEnvelope(body) && body.code !== 200) failWithEnvelope(body, response.config);
        }
        const disposition = response.headers['content-disposition'] as string | undefined;
        const name = filenameFromDisposition(disposition);
        saveBlob(response.data, name);
        return response;
      }
      const body: unknown = response.data;
      if (isEnvelope(body) && body.code !== 200) failWithEnvelope(body, response.config);
      return response;
    },
    async (error: AxiosError) => {
      if (error.response) error.response.data = await parseBody(error.response.data);
      const body = error.response?.data;
      if (isEnvelope(body)) failWithEnvelope(body, error.config);
      if (error.response?.status === 401) {
        if (error.config?.relogin !== false) void handleUnauthorized();
        throw new ApiError(401, '登录状态已过期，请重新登录');
      }
      const message = networkMessage(error);
      if (!isSilent(error.config)) ui.toast(message, TOAST_SECONDS);
      throw new ApiError(error.response?.status ?? 0, message);
    },
  );
  return instance;
}

function networkMessage(error: AxiosError): string {
  if (error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT') return '请求超时，请检查网络后重试';
  if (!error.response) return '网络连接失败，请检查网络后重试';
  return `请求失败（${error.response.status}）：${error.message}`;
}

export const request = createRequest();
