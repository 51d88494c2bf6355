import { createTestApp, type TestApp } from './test-app';
import { freePort } from './free-port';

/**
 * A test app listening on a real loopback port whose PUBLIC_URL is that address: needed where the
 * server talks to itself over HTTP (the embedded identity provider and its relying party).
 */
export async function createListeningTestApp(
  options: { env?: Record<string, string> } = {},
): Promise<TestApp & { baseUrl: string }> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const t = await createTestApp({ env: { PUBLIC_URL: baseUrl, ...options.env } });
  await t.app.listen({ port, host: '127.0.0.1' });
  return { ...t, baseUrl };
}
