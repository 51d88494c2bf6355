import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { REQUEST_TIMEOUT_MS } from '@chepai/shared';
import { MockApi } from '../testing/mock-api';
import { ApiError, installRequestUi, request, type RequestUi } from './request';
import { setEncryptor } from './rsa';
import { getSession, saveSession } from './session';

let mock: MockApi;
let ui: {
  toast: ReturnType<typeof vi.fn>;
  confirmRelogin: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  path: string;
};

beforeEach(() => {
  mock = new MockApi();
  localStorage.clear();
  ui = { toast: vi.fn(), confirmRelogin: vi.fn(async () => true), navigate: vi.fn(), path: '/home' };
  const bridge: RequestUi = {
    toast: ui.toast,
    confirmRelogin: ui.confirmRelogin as () => Promise<boolean>,
    navigate: ui.navigate,
    currentPath: () => ui.path,
  };
  installRequestUi(bridge);
});
afterEach(() => mock.restore());

const ok = (data: unknown) => [200, JSON.stringify({ code: 200, msg: '操作成功', data })] as [number, string];

describe('request layer', () => {
  it('uses base /api, sends cookies and the 60 s timeout', () => {
    expect(request.defaults.baseURL).toBe('/api');
    expect(request.defaults.withCredentials).toBe(true);
    expect(request.defaults.timeout).toBe(REQUEST_TIMEOUT_MS);
  });

  it('puts the session token in the Authorization header', async () => {
    saveSession({ token: 'tok-123', role: 'buyer', buyerName: '张三' });
    mock.onGet('/x').reply((config) => ok(config.headers?.Authorization));
    const res = await request.get('/x');
    expect((res.data as { data: string }).data).toBe('tok-123');
  });

  it('sends GET data as a query string and flagged POSTs form-encoded, other POSTs as JSON', async () => {
    mock.onGet('/q').reply((config) => ok(config.params));
    const q = await request.request({ method: 'GET', url: '/q', data: { pageNum: 1, pageSize: 10 } });
    expect((q.data as { data: unknown }).data).toEqual({ pageNum: 1, pageSize: 10 });

    mock
      .onPost('/form')
      .reply((config) =>
        ok({ body: config.data as unknown, type: config.headers?.['Content-Type'] as unknown }),
      );
    const f = await request.post('/form', { tel: '13800138000', list: [1, 2] }, { form: true });
    expect((f.data as { data: { body: string; type: string } }).data).toEqual({
      body: 'tel=13800138000&list=%5B1%2C2%5D',
      type: 'application/x-www-form-urlencoded;charset=UTF-8',
    });

    mock
      .onPost('/json')
      .reply((config) =>
        ok({ body: config.data as unknown, type: config.headers?.['Content-Type'] as unknown }),
      );
    const j = await request.post('/json', { a: 1 });
    expect((j.data as { data: { body: string; type: string } }).data).toEqual({
      body: '{"a":1}',
      type: 'application/json;charset=UTF-8',
    });
  });

  it('encrypts flagged fields through the RSA hook before sending', async () => {
    setEncryptor(async (plain) => `enc(${plain})`);
    mock.onPost('/login').reply((config) => ok(JSON.parse(config.data as string)));
    const res = await request.post(
      '/login',
      { tel: '13800138000', password: 'Secret123' },
      { encrypt: ['password'] },
    );
    expect((res.data as { data: unknown }).data).toEqual({ tel: '13800138000', password: 'enc(Secret123)' });
    setEncryptor(null);
  });

  it('keeps integers beyond 2^53 as strings', async () => {
    mock.onGet('/big').reply(200, '{"code":200,"msg":"","data":{"id":1890000000000000001,"n":42}}');
    const res = await request.get('/big');
    expect((res.data as { data: unknown }).data).toEqual({ id: '1890000000000000001', n: 42 });
  });

  it('toasts the server message for 3 seconds when code is not 200 and rejects with ApiError', async () => {
    mock.onGet('/fail').reply(400, { code: 400, msg: '参数 id：编号格式不正确', data: null });
    await expect(request.get('/fail')).rejects.toEqual(new ApiError(400, '参数 id：编号格式不正确'));
    expect(ui.toast).toHaveBeenCalledWith('参数 id：编号格式不正确', 3);
  });

  it('also fails a 200 HTTP answer that carries a non-200 code', async () => {
    mock.onGet('/soft').reply(200, { code: 409, msg: '出价已被超越', data: { currentPrice: '1.00' } });
    await expect(request.get('/soft')).rejects.toMatchObject({ code: 409, data: { currentPrice: '1.00' } });
    expect(ui.toast).toHaveBeenCalledWith('出价已被超越', 3);
  });

  it('stays silent inside the comparison portal and for silent calls', async () => {
    mock.onGet('/fail').reply(500, { code: 500, msg: '服务器开小差了', data: null });
    ui.path = '/carCompare?ids=1';
    await expect(request.get('/fail')).rejects.toBeInstanceOf(ApiError);
    ui.path = '/home';
    await expect(request.get('/fail', { silent: true })).rejects.toBeInstanceOf(ApiError);
    expect(ui.toast).not.toHaveBeenCalled();
  });

  it('opens one 系统提示 dialog for many 401s; confirming clears the session and goes to login', async () => {
    saveSession({ token: 'old', role: 'buyer' });
    ui.path = '/personalCenter/dealCar?tab=1';
    let resolveDialog: (v: boolean) => void = () => undefined;
    ui.confirmRelogin.mockImplementation(() => new Promise<boolean>((r) => (resolveDialog = r)));
    mock.onGet('/me').reply(401, { code: 401, msg: '登录状态已过期，请重新登录', data: null });
    const calls = [request.get('/me'), request.get('/me'), request.get('/me')];
    await Promise.allSettled(calls);
    expect(ui.confirmRelogin).toHaveBeenCalledTimes(1);
    expect(ui.toast).not.toHaveBeenCalled();
    resolveDialog(true);
    await vi.waitFor(() =>
      expect(ui.navigate).toHaveBeenCalledWith('/login?redirect=%2FpersonalCenter%2FdealCar%3Ftab%3D1'),
    );
    expect(getSession()).toBeNull();
  });

  it('keeps the session when the 401 dialog is cancelled, and can open again later', async () => {
    saveSession({ token: 'old', role: 'buyer' });
    ui.confirmRelogin.mockResolvedValue(false);
    mock.onGet('/me').reply(401, { code: 401, msg: '登录状态已过期，请重新登录', data: null });
    await expect(request.get('/me')).rejects.toMatchObject({ code: 401 });
    await vi.waitFor(() => expect(ui.confirmRelogin).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(getSession()?.token).toBe('old');
    await expect(request.get('/me')).rejects.toMatchObject({ code: 401 });
    await vi.waitFor(() => expect(ui.confirmRelogin).toHaveBeenCalledTimes(2));
    expect(ui.navigate).not.toHaveBeenCalled();
  });

  it("checks a token from a link: sends it instead of the session's, and its 401 opens no dialog", async () => {
    saveSession({ token: 'old', role: 'buyer' });
    mock.onGet('/who').reply((config) => ok(config.headers?.Authorization));
    const res = await request.get('/who', { token: 'from-link' });
    expect((res.data as { data: string }).data).toBe('from-link');

    mock.onGet('/me').reply(401, { code: 401, msg: '登录状态已过期，请重新登录', data: null });
    await expect(request.get('/me', { token: 'bad', relogin: false, silent: true })).rejects.toMatchObject({
      code: 401,
    });
    await new Promise((r) => setTimeout(r, 0));
    expect(ui.confirmRelogin).not.toHaveBeenCalled();
    expect(ui.toast).not.toHaveBeenCalled();
    expect(getSession()?.token).toBe('old');
  });

  it('toasts network errors and timeouts', async () => {
    mock.onGet('/down').networkError();
    await expect(request.get('/down')).rejects.toMatchObject({
      code: 0,
      message: '网络连接失败，请检查网络后重试',
    });
    mock.onGet('/slow').timeout();
    await expect(request.get('/slow')).rejects.toMatchObject({ message: '请求超时，请检查网络后重试' });
    expect(ui.toast).toHaveBeenNthCalledWith(1, '网络连接失败，请检查网络后重试', 3);
    expect(ui.toast).toHaveBeenNthCalledWith(2, '请求超时，请检查网络后重试', 3);
  });

  it('downloads blobs under the name from content-disposition', async () => {
    const clicked: string[] = [];
    const realCreate = document.createElement.bind(document);
    vi.spyOn(document, 'createElement').mockImplementation((tag: string) => {
      const el = realCreate(tag);
      if (tag === 'a')
        (el as HTMLAnchorElement).click = () => clicked.push((el as HTMLAnchorElement).download);
      return el;
    });
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    mock.onGet('/file').reply(200, new Blob(['pdf'], { type: 'application/pdf' }), {
      'content-disposition': "attachment; filename*=UTF-8''%E6%88%90%E4%BA%A4%E7%A1%AE%E8%AE%A4%E4%B9%A6.pdf",
    });
    await request.get('/file', { responseType: 'blob' });
    expect(clicked).toEqual(['成交确认书.pdf']);
    vi.restoreAllMocks();
  });
});
