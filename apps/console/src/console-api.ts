import {
  files,
  fillPath,
  type Endpoint,
  type EndpointInput,
  type EndpointOutput,
  type Envelope,
} from '@chepai/shared';

/**
 * The console's own client: staff tokens live under their own key (never the mall's session),
 * and a 401 sends the operator back to sign-in (docs/product.md#14-disposal-and-review).
 */
const TOKEN_KEY = 'chepaiConsoleToken';
const OPERATOR_KEY = 'chepaiConsoleOperator';

export interface StoredOperator {
  operatorId: string;
  name: string;
  roles: string[];
}

export const consoleSession = {
  token: () => localStorage.getItem(TOKEN_KEY),
  operator: (): StoredOperator | null => {
    const raw = localStorage.getItem(OPERATOR_KEY);
    return raw ? (JSON.parse(raw) as StoredOperator) : null;
  },
  save(token: string, operator: StoredOperator) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(OPERATOR_KEY, JSON.stringify(operator));
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(OPERATOR_KEY);
  },
};

/** Whether the operator holds one of these roles (admin holds them all). */
export const canOpen = (op: StoredOperator, roles: readonly string[]) =>
  op.roles.includes('admin') || op.roles.some((r) => roles.includes(r));

export class ConsoleApiError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

let onUnauthorized = () => undefined as void;
export const setUnauthorizedHandler = (handler: () => void) => {
  onUnauthorized = handler;
};

/** Sends with the operator's token; a 401 signs the operator out, any failure throws its message. */
async function send<T>(url: string, init: RequestInit): Promise<T> {
  const token = consoleSession.token();
  if (token) (init.headers as Record<string, string>).authorization = token;
  const res = await fetch(url, init);
  const body = (await res.json().catch(() => null)) as Envelope<T> | null;
  if (res.status === 401) {
    consoleSession.clear();
    onUnauthorized();
  }
  if (!res.ok || !body || body.code !== 200)
    throw new ConsoleApiError(res.status, body?.msg ?? `请求失败（${res.status}）`);
  return body.data;
}

export async function consoleCall<E extends Endpoint>(
  contract: E,
  input: EndpointInput<E>,
): Promise<EndpointOutput<E>> {
  const values = (input ?? {}) as Record<string, unknown>;
  const params = [...contract.path.matchAll(/:([A-Za-z]\w*)/g)].map((m) => m[1] as string);
  const rest = Object.fromEntries(
    Object.entries(values).filter(([k, v]) => !params.includes(k) && v !== undefined),
  );
  let url = `/api${fillPath(contract.path, values)}`;
  const init: RequestInit = { method: contract.method, headers: {} };
  if (contract.method === 'GET') {
    const q = new URLSearchParams(Object.entries(rest).map(([k, v]) => [k, String(v)]));
    if ([...q].length) url += `?${q.toString()}`;
  } else {
    (init.headers as Record<string, string>)['content-type'] = 'application/json';
    init.body = JSON.stringify(rest);
  }
  return send<EndpointOutput<E>>(url, init);
}

/** Uploads a private document (PDF or image) as the operator; the server checks its bytes. */
export function consoleUpload(file: File): Promise<files.UploadedFile> {
  const form = new FormData();
  form.append('type', 'document');
  form.append('isPrivate', 'true');
  form.append('file', file);
  return send(`/api${files.consoleUpload.path}`, { method: 'POST', headers: {}, body: form });
}
