import {
  setTransport,
  TransportError,
  type IncomingResponse,
  type OutgoingRequest,
  type Transport,
} from '../lib/transport';

/** An answer as axios-mock-adapter took it: status, body (an object goes as JSON), headers. */
export type Reply = [number, unknown?, Record<string, string>?];
type Respond = (req: OutgoingRequest) => Promise<IncomingResponse>;
type Method = 'get' | 'post' | 'put' | 'delete';

function toResponse([status, body, headers = {}]: Reply): IncomingResponse {
  const lower = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v]));
  if (body instanceof Blob || typeof body === 'string') return { status, headers: lower, body };
  return {
    status,
    headers: { 'content-type': 'application/json', ...lower },
    body: body === undefined ? '' : JSON.stringify(body),
  };
}

/**
 * The server, faked at the request layer's transport, with the part of axios-mock-adapter's API the
 * tests use: `onGet(url).reply(...)`, `networkError()`, `timeout()`, `history`, `reset()`,
 * `restore()`. The reply function sees the request as it would be sent (`params`, `data` as the
 * body text, `headers`). A request nothing answers gets a 404.
 */
export class MockApi {
  history: Record<Method, OutgoingRequest[]> = { get: [], post: [], put: [], delete: [] };
  private handlers: Array<{ method: Method | null; url?: string; respond: Respond }> = [];
  private readonly previous: Transport;

  constructor() {
    this.previous = setTransport((req) => this.handle(req));
  }

  onGet = (url?: string) => this.on('get', url);
  onPost = (url?: string) => this.on('post', url);
  onAny = (url?: string) => this.on(null, url);

  reset() {
    this.handlers = [];
    this.history = { get: [], post: [], put: [], delete: [] };
  }

  restore() {
    this.reset();
    setTransport(this.previous);
  }

  private on(method: Method | null, url?: string) {
    const add = (respond: Respond) => {
      this.handlers.push({ method, url, respond });
      return this;
    };
    return {
      reply: (
        status: number | ((req: OutgoingRequest) => Reply | Promise<Reply>),
        body?: unknown,
        headers?: Record<string, string>,
      ) =>
        add(async (req) =>
          toResponse(typeof status === 'function' ? await status(req) : [status, body, headers]),
        ),
      networkError: () =>
        add(async () => {
          throw new TransportError('network');
        }),
      timeout: () =>
        add(async () => {
          throw new TransportError('timeout');
        }),
    };
  }

  private async handle(req: OutgoingRequest): Promise<IncomingResponse> {
    const method = req.method as Method;
    this.history[method]?.push(req);
    const hit = this.handlers.find(
      (h) => (h.method === null || h.method === method) && (h.url === undefined || h.url === req.url),
    );
    return hit ? hit.respond(req) : { status: 404, headers: {}, body: '' };
  }
}
