import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { accountsKit, newIp, newTel } from '../../test/accounts-test-kit';

let t: TestApp;
let k: ReturnType<typeof accountsKit>;
beforeAll(async () => {
  t = await createTestApp();
  k = accountsKit(t);
});
afterAll(() => t.close());
beforeEach(() => t.setNow(new Date('2026-11-22T02:00:00Z')));

describe('password throttles', () => {
  it('a stranger failing again and again from elsewhere does not keep the owner out', async () => {
    const tel = newTel();
    await k.register(tel);
    const stranger = newIp();
    const answers: number[] = [];
    for (let i = 0; i < 40; i++) answers.push((await k.login(tel, 'Wrong2026x', stranger)).statusCode);
    expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.slice(5).every((s) => s === 429)).toBe(true);
    // The stranger now waits even with the right password; the owner, from their address, does not.
    expect((await k.login(tel, 'Chepai2026', stranger)).statusCode).toBe(429);
    const owner = await k.login(tel, 'Chepai2026', newIp());
    expect(envelope(owner).code).toBe(200);
  });

  it('makes an address that sprays many accounts wait, with longer waits for more failures', async () => {
    const sprayer = newIp();
    const tels = Array.from({ length: 12 }, () => newTel());
    for (const tel of tels) await k.register(tel);
    const statuses: number[] = [];
    for (const tel of tels)
      for (let i = 0; i < 2; i++) statuses.push((await k.login(tel, 'Wrong2026x', sprayer)).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    const refused = await k.login(tels[0] ?? '', 'Chepai2026', sprayer);
    expect(refused.statusCode).toBe(429);
    expect(envelope(refused).msg).toMatch(/[\u4e00-\u9fff]/);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // The owner of the first account, elsewhere, is fine.
    expect((await k.login(tels[0] ?? '', 'Chepai2026', newIp())).statusCode).toBe(200);
  });

  it('needs an SMS code once an account is failed from many addresses, and the code lifts it', async () => {
    const tel = newTel();
    await k.register(tel);
    for (let i = 0; i < 30; i++) await k.login(tel, 'Wrong2026x', newIp());
    const blocked = await k.login(tel, 'Chepai2026', newIp());
    expect(blocked.statusCode).toBe(429);
    expect(envelope(blocked).msg).toContain('验证码登录');
    t.advance(61_000); // the registration code's resend wait
    const code = await k.codeFor('user/buyer/login/captcha', tel, { ip: newIp() });
    const res = await k.post('user/buyer/login', { loginType: 'sms', tel, code }, { ip: newIp() });
    expect(envelope(res).code).toBe(200);
    expect((await k.login(tel, 'Chepai2026', newIp())).statusCode).toBe(200);
  });
});
