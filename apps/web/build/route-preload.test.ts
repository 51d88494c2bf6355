// @vitest-environment node
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { chunkFiles, pathPattern, preloadScript, type ChunkInfo } from './route-preload';

describe('route preload patterns', () => {
  it.each([
    ['/home', '/home', true],
    ['/home', '/home/', true],
    ['/home', '/homes', false],
    ['/carAuction/carAuctionDetail/:orderId', '/carAuction/carAuctionDetail/1890000000000000218', true],
    ['/carAuction/carAuctionDetail/:orderId', '/carAuction/carAuctionDetail', false],
    ['/promiseMoneyReport/:id?', '/promiseMoneyReport', true],
    ['/promiseMoneyReport/:id?', '/promiseMoneyReport/42', true],
    ['/personalCenter/dealCar', '/personalCenter/dealCar', true],
    ['/personalCenter', '/personalCenter/dealCar', false],
    ['/redirect/*', '/redirect/home/x', true],
  ])('%s matches %s: %s', (route, address, matches) => {
    expect(new RegExp(pathPattern(route)).test(address)).toBe(matches);
  });
});

describe('the files of a page’s first load', () => {
  const chunk = (
    fileName: string,
    moduleIds: string[],
    imports: string[] = [],
    facade?: string,
  ): ChunkInfo => ({
    fileName,
    facadeModuleId: facade ?? null,
    isDynamicEntry: true,
    moduleIds,
    imports,
  });
  const chunks = [
    chunk('entry.js', ['main.tsx'], [], 'main.tsx'),
    chunk('scope.js', ['antd-scope.tsx'], ['antd.js'], 'antd-scope.tsx'),
    chunk('antd.js', ['antd/button.js']),
    // Pages merged into shared chunks have no facade.
    chunk('shared.js', ['list-page.tsx', 'detail-page.tsx'], ['entry.js', 'queries.js']),
    chunk('queries.js', ['queries.ts'], ['entry.js']),
    chunk('forms.js', ['send-code-button.tsx', 'form-page.tsx'], ['antd.js']),
  ];
  const { entry, filesOf, chunked } = chunkFiles(chunks, chunks[0], 'antd-scope.tsx');

  it('weighs a merged page with its chunk and what that imports, not the entry', () => {
    expect([...entry]).toEqual(['entry.js']);
    expect(filesOf(['list-page.tsx'], true)).toEqual(['queries.js', 'shared.js']);
  });

  it('adds nothing for a route without a page of its own (a group), whatever chunk has no facade', () => {
    expect(filesOf([null, 'list-page.tsx'], true)).toEqual(['queries.js', 'shared.js']);
  });

  it('adds the antd scope to a page that is not plain', () => {
    expect(filesOf(['form-page.tsx'], false)).toEqual(['antd.js', 'forms.js', 'scope.js']);
  });

  it('says which modules are in no chunk', () => {
    expect(chunked('detail-page.tsx')).toBe(true);
    expect(chunked('missing-page.tsx')).toBe(false);
  });
});

describe('route preload script', () => {
  /** Runs the script at `address` with a stored session; what it appended and sent. */
  async function run(address: string, user: unknown) {
    const appended: Array<Record<string, string>> = [];
    const sent: Array<{
      url: string;
      init: { method: string; headers: Record<string, string>; body: string };
    }> = [];
    const win: { fetch: unknown; __firstRequest?: { key: string; response: Promise<unknown> } } = {
      fetch: (url: string, init: (typeof sent)[number]['init']) => {
        sent.push({ url, init });
        const body = JSON.stringify({ code: 200, msg: '', data: { photos: [{ url: '/api/files/p1.svg' }] } });
        return Promise.resolve({
          ok: true,
          status: 200,
          headers: new Headers({ 'Content-Type': 'application/json' }),
          text: () => Promise.resolve(body),
        });
      },
    };
    const link = () => {
      const attrs: Record<string, string> = {};
      appended.push(attrs);
      return new Proxy(attrs, {
        get: (t, k) => (k === 'setAttribute' ? (a: string, v: string) => (t[a] = v) : t[k as string]),
      });
    };
    const script = preloadScript(
      ['assets/lot.js'],
      [
        [
          pathPattern('/carAuction/carAuctionDetail/:orderId'),
          [0],
          [0],
          ['POST', '/api/mall-auction/home/detail/info', 'orderId', 3, ['photos', 0, 'url']],
        ],
        [pathPattern('/home'), [], [], 0],
      ],
    );
    const storage = { getItem: (k: string) => (k === 'user' ? JSON.stringify(user) : null) };
    vm.runInNewContext(script, {
      window: win,
      fetch: win.fetch,
      location: { pathname: address },
      localStorage: storage,
      document: { createElement: link, head: { appendChild: () => undefined } },
    });
    const answer = await win.__firstRequest?.response;
    return { appended, sent, first: win.__firstRequest, answer };
  }

  it('sends a lot page’s first request with the token, keeps the answer and preloads its picture', async () => {
    const { appended, sent, first, answer } = await run('/carAuction/carAuctionDetail/1890000000000000218', {
      token: 'tok',
    });
    expect(sent).toEqual([
      {
        url: '/api/mall-auction/home/detail/info',
        init: {
          method: 'POST',
          headers: { 'Content-Type': 'application/json;charset=UTF-8', Authorization: 'tok' },
          body: '{"orderId":"1890000000000000218"}',
          credentials: 'include',
        },
      },
    ]);
    expect(first?.key).toBe('POST /api/mall-auction/home/detail/info {"orderId":"1890000000000000218"} tok');
    expect(answer).toMatchObject({ status: 200, headers: { 'content-type': 'application/json' } });
    expect(appended).toEqual([
      { rel: 'modulepreload', crossOrigin: '', href: '/assets/lot.js' },
      { rel: 'preload', as: 'image', href: '/api/files/p1.svg', fetchpriority: 'high' },
    ]);
  });

  it('sends nothing for a page without a first request', async () => {
    const { sent, first } = await run('/home', null);
    expect(sent).toEqual([]);
    expect(first).toBeUndefined();
  });
});
