import http from 'node:http';

/**
 * A lean keep-alive HTTP client for load generation. Node's fetch costs several times more CPU per
 * request, and on a two-core machine the load generator's own event-loop delay would show up in the
 * server's latency figures.
 */
export function jsonClient(base: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const { hostname, port } = new URL(base);
  function send<T>(
    method: 'GET' | 'POST',
    path: string,
    payload: unknown,
    headers: Record<string, string>,
  ): Promise<{ status: number; body: T }> {
    const data = payload === undefined ? '' : JSON.stringify(payload);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          agent,
          hostname,
          port,
          path,
          method,
          headers: data
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), ...headers }
            : headers,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              body: JSON.parse(Buffer.concat(chunks).toString()) as T,
            }),
          );
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(data);
    });
  }
  return {
    post: <T>(path: string, payload: unknown, headers: Record<string, string> = {}) =>
      send<T>('POST', path, payload, headers),
    get: <T>(path: string, headers: Record<string, string> = {}) => send<T>('GET', path, undefined, headers),
    close: () => agent.destroy(),
  };
}
