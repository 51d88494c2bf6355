/**
 * A minimal browser for tests: keeps cookies per host and path, follows redirects by hand so each
 * hop can be seen, and posts forms. Enough to drive an OpenID Connect login like a person would.
 */
export interface Hop {
  status: number;
  url: string;
  location: string | null;
  body: string;
}

interface Cookie {
  name: string;
  value: string;
  path: string;
}

export function browserClient() {
  const jar = new Map<string, Cookie[]>();

  const store = (url: URL, headers: Headers) => {
    for (const line of headers.getSetCookie()) {
      const [pair = '', ...attrs] = line.split(';').map((s) => s.trim());
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = pair.slice(eq + 1);
      const pathAttr = attrs.find((a) => a.toLowerCase().startsWith('path='));
      const path = pathAttr ? pathAttr.slice(5) : '/';
      const expired = attrs.some((a) => /^max-age=0$/i.test(a) || /^expires=.*1970/i.test(a));
      const list = (jar.get(url.host) ?? []).filter((c) => !(c.name === name && c.path === path));
      if (!expired && value) list.push({ name, value, path });
      jar.set(url.host, list);
    }
  };
  const cookieHeader = (url: URL) =>
    (jar.get(url.host) ?? [])
      .filter(
        (c) =>
          url.pathname === c.path ||
          url.pathname.startsWith(c.path.endsWith('/') ? c.path : `${c.path}/`) ||
          c.path === '/',
      )
      .map((c) => `${c.name}=${c.value}`)
      .join('; ');

  const client = {
    jar,
    cookie(host: string, name: string) {
      return jar.get(host)?.find((c) => c.name === name)?.value ?? null;
    },
    /** One request, no redirect followed. */
    async request(
      url: string,
      init: { method?: string; form?: Record<string, string>; headers?: Record<string, string> } = {},
    ): Promise<Hop> {
      const u = new URL(url);
      const headers: Record<string, string> = { ...init.headers };
      const cookies = cookieHeader(u);
      if (cookies) headers.cookie = cookies;
      let body: string | undefined;
      if (init.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        body = new URLSearchParams(init.form).toString();
      }
      const res = await fetch(u, {
        method: init.method ?? (init.form ? 'POST' : 'GET'),
        headers,
        body,
        redirect: 'manual',
      });
      store(u, res.headers);
      const location = res.headers.get('location');
      return {
        status: res.status,
        url: u.toString(),
        location: location ? new URL(location, u).toString() : null,
        body: await res.text(),
      };
    },
    /** Follows redirects (GET) until a page answers or `stopAt` matches the next address. */
    async follow(first: Hop, stopAt?: (url: string) => boolean): Promise<{ hops: Hop[]; last: Hop }> {
      const hops = [first];
      let hop = first;
      while (hop.location && hops.length < 20) {
        if (stopAt?.(hop.location)) break;
        hop = await client.request(hop.location);
        hops.push(hop);
      }
      return { hops, last: hop };
    },
  };
  return client;
}
