import http from 'node:http';
import net from 'node:net';

/**
 * A reverse proxy as deployments have one: it appends the address it sees to X-Forwarded-For (the
 * client's own header stays in front, as nginx's $proxy_add_x_forwarded_for does) and spreads
 * requests over `backends` in turn. A path starting with /__b<i> goes to backend i (prefix removed),
 * so a test can pin a request or a WebSocket to one process.
 */
export async function startAppendingProxy(backends: string[]) {
  let turn = 0;
  const route = (url: string) => {
    const pinned = /^\/__b(\d+)(\/.*)$/.exec(url);
    const index = pinned ? Number(pinned[1]) : turn++ % backends.length;
    return { target: new URL(backends[index] ?? ''), path: pinned ? (pinned[2] ?? '/') : url };
  };
  const forwarded = (req: http.IncomingMessage) => {
    const prior = req.headers['x-forwarded-for'];
    const seen = req.socket.remoteAddress ?? '';
    return prior ? `${Array.isArray(prior) ? prior.join(', ') : prior}, ${seen}` : seen;
  };

  const server = http.createServer((req, res) => {
    const { target, path } = route(req.url ?? '/');
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path,
        headers: { ...req.headers, 'x-forwarded-for': forwarded(req) },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });

  server.on('upgrade', (req, socket, head) => {
    const { target, path } = route(req.url ?? '/');
    const upstream = net.connect(Number(target.port), target.hostname, () => {
      const headers = { ...req.headers, 'x-forwarded-for': forwarded(req) };
      const lines = [`${req.method} ${path} HTTP/1.1`];
      for (const [name, value] of Object.entries(headers))
        for (const v of Array.isArray(value) ? value : [value])
          if (v !== undefined) lines.push(`${name}: ${v}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
