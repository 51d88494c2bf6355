import type pg from 'pg';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inView, launchBrowser, newVisitorContext, pageErrors, shotBoth, still } from './support/browser';
import { api, closeNow, dealStage, depositAndBid, lotInBidding, serverOnScratch } from './support/deal-setup';
import { consoleSignIn, loginBuyer, sellerSignIn, tokenOf } from './support/demo';
import { pgReachable, untouchedDemoLot } from './support/scratch-db';
import type { RunningServer } from './support/server';

// When the winner does not sign (docs/product.md#16-the-deal-after-the-hammer, decision 025): the
// scheduler defaults the deal, the defaulter sees what it cost; the seller offers the lot to the
// runner-up, who pays the deposit again and gets a deal of their own; they sign on paper, which an
// operator first rejects, then accepts; finance lifts the defaulter's bar. The bidding itself is
// set up through the API (deal.e2e.ts drives it in the browser). Own PostgreSQL database: the test
// moves the signing deadline with SQL and lets the server's scheduler act.

const WINNER = '13800138000'; // 张伟
const RUNNER_UP = '13900139000'; // 李娜
const reachable = await pgReachable();

let server: RunningServer;
let rig: Awaited<ReturnType<typeof serverOnScratch>>;
let db: pg.Client;
let browser: Browser;
let lotId: string;
let lotTitle: string;
type Who = 'winner' | 'runnerUp' | 'seller' | 'reviewer' | 'finance';
const people = {} as Record<Who, { page: Page; errors: string[] }>;

async function open(who: keyof typeof people) {
  const context = await newVisitorContext(browser, server.url, 1440);
  const page = await context.newPage();
  people[who] = { page, errors: pageErrors(page) };
  return page;
}

const detail = (page: Page) => page.goto(`/buyerDetailInfo/${lotId}`);
const stageTitle = (page: Page, stage: string) =>
  page.locator('.order-detail-title').getByText(stage).waitFor();

describe.skipIf(!reachable)('a default, the second chance and a paper contract', () => {
  beforeAll(async () => {
    rig = await serverOnScratch('deal_defaults');
    ({ server, db } = rig);
    ({ id: lotId, title: lotTitle } = await lotInBidding(db));
    // 张伟 defaulted twice before (planted history): this default is his third.
    const zhang = (await db.query<{ id: string }>('SELECT id::text FROM app_user WHERE tel = $1', [WINNER]))
      .rows[0]!.id;
    const earlier = await db.query<{ id: string }>(
      'SELECT id::text FROM lot WHERE id <> $1 ORDER BY id LIMIT 2',
      [lotId],
    );
    for (const [i, { id }] of earlier.rows.entries()) {
      const def = await db.query<{ id: string }>(
        `INSERT INTO deal_default (lot_id, buyer_id, round, reason, final_price, forfeited, seller_share,
           platform_share, at, resolution)
         VALUES ($1, $2, 1, 'pay', 2000000, 300000, 210000, 90000, now() - make_interval(days => $3), 'relisted')
         RETURNING id::text`,
        [id, zhang, 60 - i * 20],
      );
      await db.query(
        `INSERT INTO buyer_strike (buyer_id, lot_id, default_id, reason, at)
         VALUES ($1, $2, $3, '未在期限内付清余款及服务费', now() - make_interval(days => $4))`,
        [zhang, id, def.rows[0]!.id, 60 - i * 20],
      );
    }
    browser = await launchBrowser();
    for (const [who, tel] of [
      ['winner', WINNER],
      ['runnerUp', RUNNER_UP],
    ] as const)
      await loginBuyer(await open(who), tel);
    // 李娜 bids the start price, 张伟 outbids her; the hammer falls.
    await depositAndBid(server.url, await tokenOf(people.runnerUp.page), lotId, '30000');
    await depositAndBid(server.url, await tokenOf(people.winner.page), lotId, '30500');
    await closeNow(db, lotId);
  });

  afterAll(async () => {
    await browser?.close();
    await rig?.close();
  });

  it('张伟 misses the signing deadline: the scheduler defaults him; he sees the forfeit, his third strike and the bar', async () => {
    await db.query(`UPDATE deal SET sign_deadline = now() - interval '1 second' WHERE lot_id = $1`, [lotId]);
    await expect.poll(() => dealStage(db, lotId), { timeout: 30_000 }).toBe('defaulted');
    const { page, errors } = people.winner;
    await detail(page);
    await stageTitle(page, '已违约');
    const facts = page.getByTestId('default-facts');
    const text = await facts.innerText();
    expect(text).toContain('保证金 ¥5,000.00 不予退还（其中 ¥3,500.00 归处置单位，¥1,500.00 归平台）');
    expect(text).toMatch(
      /这是您第 3 次成交后违约（悔拍），已累计 3 次：\d{4}-\d{2}-\d{2} 前不能报名缴纳保证金/,
    );
    expect(text).toContain('处置单位将把车辆转给次高出价人或重新上拍');
    // Nothing is left to pay: no payment button, nothing 待支付, and the steps stop where it stopped.
    expect(await page.getByRole('button', { name: /^支付/ }).count()).toBe(0);
    const amounts = await page.locator('.deal-amounts').innerText();
    expect(amounts).toMatch(/成交余款\s+¥25,500\.00\s*无需支付/);
    expect(amounts).toContain('订单已违约关闭，无需支付');
    expect(amounts).not.toContain('待支付');
    await page.getByText('逾期未完成').waitFor();
    expect(await page.locator('.deal-steps').innerText()).not.toContain('截止');
    // The forfeited deposit keeps its receipt but is 违约金: no invoice to ask for.
    const receipts = page.getByTestId('receipts-card');
    expect(await receipts.getByTestId('no-invoice').innerText()).toContain('违约金不开具发票');
    expect(await receipts.getByRole('button', { name: '申请发票' }).count()).toBe(0);
    await shotBoth(page, 'defaults-1-defaulted', () => facts.waitFor());
    // The bar is real: a deposit elsewhere is refused with the date.
    const other = await untouchedDemoLot(db);
    const refused = await api(
      server.url,
      await tokenOf(page),
      'POST',
      '/mall-auction/buyer/auc_order/deposit',
      {
        orderId: other.id,
      },
    );
    expect(refused).toMatchObject({ status: 403 });
    expect(refused.msg).toMatch(/^您因累计3次成交后违约（悔拍），\d{4}-\d{2}-\d{2}前不能报名缴纳保证金$/);
    expect(errors).toEqual([]);
  });

  it('the seller offers the lot to the next-highest bidder from detailInfo', async () => {
    const page = await open('seller');
    await sellerSignIn(page, 'lixiaomei');
    await page.goto(`/detailInfo/${lotId}`);
    const choice = page.getByTestId('seller-default');
    // The title says both: the auction's result and the deal's stage after it.
    expect(await page.locator('.order-detail-title').innerText()).toMatch(/已成交\s*已违约/);
    expect(await choice.innerText()).toMatch(/买受人保证金 ¥5,000\.00 已扣除，其中 ¥3,500\.00 归本单位/);
    await shotBoth(page, 'defaults-2-seller-choice', () => choice.waitFor());
    await choice.getByRole('button', { name: '转给次高出价人' }).click();
    await still(page);
    await page.getByRole('button', { name: '发出邀请' }).click();
    const offers = choice.locator('.seller-default-offers');
    await offers.getByText('等待次高出价人确认').waitFor();
    expect(await offers.innerText()).toContain('¥30,000.00');
    // While the offer waits, nothing else can be chosen.
    expect(await choice.getByRole('button').count()).toBe(0);
    await shotBoth(page, 'defaults-2-seller-offered', async () => {
      await offers.waitFor();
      // On a phone too the offer's status is in view, beside the bidder and the price.
      await inView(offers.getByText('等待次高出价人确认'));
    });
    expect(people.seller.errors).toEqual([]);
  });

  it('李娜 sees the offer, pays the deposit again on the cashier and the deal opens for her at 待签约', async () => {
    const { page, errors } = people.runnerUp;
    // The invitation reaches her as a notice; it opens 我的成交车辆 with the offer on top.
    await page.goto('/personalCenter/messages');
    const notice = page.getByTestId('message-item').filter({ hasText: '次高价成交邀请' });
    expect(await notice.innerText()).toContain('邀请您以您的最高出价 ¥30,000.00 成交');
    expect(await notice.innerText()).toContain('缴纳保证金 ¥5,000.00 确认');
    await notice.getByText('查看', { exact: true }).click();
    await page.waitForURL('**/personalCenter/dealCar');
    const card = page.getByTestId('offer-card');
    const text = await card.innerText();
    // Worded for her: the offer waits for her answer.
    expect(text).toContain('待您确认');
    expect(text).not.toContain('等待次高出价人确认');
    expect(text).toContain('¥30,000.00');
    expect(text).toContain('重新缴纳保证金 ¥5,000.00');
    await shotBoth(page, 'defaults-3-offer', () => card.waitFor());
    await card.getByRole('button', { name: '缴纳保证金并接受' }).click();
    await page.waitForURL('**/api/pay/sandbox/**');
    expect(await page.locator('.amount').innerText()).toContain('5,000.00');
    await page.getByRole('button', { name: '确认支付' }).click();
    // Back from the cashier on the deal's own page, which follows the payment until the deal opens.
    await page.waitForURL(`**/buyerDetailInfo/${lotId}?**`);
    await stageTitle(page, '待签约');
    const deal = await page.locator('.buyer-deal').innerText();
    expect(deal).toMatch(/¥30,000\.00[\s\S]*人民币叁万元整/);
    // Her own bid, her new deposit applied, 5 % fee: 25,000 + 1,500.
    expect(deal).toMatch(/−¥5,000\.00[\s\S]*¥25,000\.00[\s\S]*¥1,500\.00[\s\S]*¥26,500\.00/);
    // Her receipts: the deposit that took the offer; her bid's deposit went back at the close.
    const receipts = page.getByTestId('receipts-card');
    await receipts.getByText('次高价成交保证金').waitFor();
    expect(await receipts.innerText()).not.toContain('竞买保证金');
    // Fresh deadlines: a whole signing day from now, not the defaulter's.
    expect(await page.getByTestId('deal-deadline').innerText()).toMatch(/剩余 (1天 00:00:00|23:\d{2}:\d{2})/);
    await shotBoth(page, 'defaults-3-new-round', () => page.getByTestId('contract-card').waitFor());
    // The defaulter no longer sees the deal.
    await detail(people.winner.page);
    await people.winner.page.getByText('成交订单不存在').waitFor();
    expect(errors).toEqual([]);
  });

  it('she signs on paper: a reviewer rejects the scan with a reason, she uploads again, the reviewer accepts: 待付款', async () => {
    const { page, errors } = people.runnerUp;
    // The scan: the 成交确认书 as she would print, sign and scan it.
    const pdf = Buffer.from(
      await (
        await fetch(`${server.url}/api/mall-auction/buyer/auc_order/get/sign/contract?orderId=${lotId}`, {
          headers: { authorization: await tokenOf(page) },
        })
      ).arrayBuffer(),
    );
    const paper = page.getByTestId('paper-contract');
    const upload = async (name: string) => {
      await paper
        .locator('input[type=file]')
        .setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf });
      await paper.getByText(name).first().waitFor();
      await paper.getByRole('button', { name: '提交纸质签署件' }).click();
      await paper.getByText('待审核').waitFor();
    };
    await upload('签署件-第一次.pdf');
    await shotBoth(page, 'defaults-4-paper-pending', () => paper.getByText('待审核').waitFor());

    const staff = await open('reviewer');
    await consoleSignIn(staff, 'shenhe');
    await staff.getByRole('menuitem', { name: '签署件审核' }).click();
    const row = staff.locator('.ant-table-row', { hasText: lotTitle });
    await row.getByText('待审核').waitFor();
    // The actions stay in view on a phone, whatever the row's width.
    await shotBoth(staff, 'defaults-4-console-contracts', () =>
      inView(row.getByRole('button', { name: /^通\s?过$/ })),
    );
    await row.getByRole('button', { name: /^驳\s?回$/ }).click();
    const dialog = staff.getByRole('dialog', { name: '驳回签署件' });
    await dialog.getByLabel('驳回原因').fill('签名页缺少买受人签字，请补签后重新上传');
    await still(staff);
    await dialog.getByRole('button', { name: '确认驳回' }).click();
    await staff.getByText('已驳回，买受人可重新上传').waitFor();

    await page.reload();
    const rejected = paper.getByText('未通过：签名页缺少买受人签字，请补签后重新上传');
    await rejected.waitFor();
    await shotBoth(page, 'defaults-4-paper-rejected', () => rejected.waitFor());
    await upload('签署件-补签.pdf');

    await staff.reload();
    await row.getByText('待审核').waitFor();
    await row.getByRole('button', { name: /^通\s?过$/ }).click();
    await staff.getByText('已通过，该成交视为已签署').waitFor();
    await page.reload();
    await stageTitle(page, '待付款');
    const contract = page.getByTestId('contract-card');
    await contract.getByText('以纸质签署件签署').waitFor();
    // The PDF the server renders carries no signature when the paper copy was signed: it says so.
    await contract.getByRole('button', { name: '下载确认书（PDF）' }).waitFor();
    expect(await contract.getByRole('button', { name: '下载已签署的确认书' }).count()).toBe(0);
    await shotBoth(page, 'defaults-4-paper-accepted', () => page.getByTestId('contract-card').waitFor());
    expect(errors).toEqual([]);
    expect(people.reviewer.errors).toEqual([]);
  });

  it('finance finds the default and the barred buyer in 违约与禁拍 and lifts the bar with a reason', async () => {
    const page = await open('finance');
    await consoleSignIn(page, 'caiwu');
    await page.getByRole('menuitem', { name: '违约与禁拍' }).click();
    await page.getByRole('checkbox', { name: '只看未处理' }).uncheck();
    const def = page.locator('.ant-table-row', { hasText: lotTitle });
    await def.getByText('次高价成交').waitFor();
    expect(await def.innerText()).toMatch(/张伟[\s\S]*未在期限内签署成交确认书[\s\S]*¥5,000\.00/);
    await shotBoth(page, 'defaults-5-console-defaults', async () => {
      await page.getByRole('checkbox', { name: '只看未处理' }).uncheck();
      await def.waitFor();
    });
    const strikesTab = async () => {
      await page.getByRole('tab', { name: '违约买受人' }).click();
      await page.locator('.ant-tabs-tabpane-active .ant-table-row', { hasText: '张伟' }).waitFor();
    };
    await strikesTab();
    const buyer = page.locator('.ant-tabs-tabpane-active .ant-table-row', { hasText: '张伟' });
    expect(await buyer.innerText()).toMatch(/3 次[\s\S]*禁止报名至/);
    await shotBoth(page, 'defaults-5-console-strikes', async () => {
      await strikesTab();
      await inView(buyer.getByRole('button', { name: '解除限制' }));
    });
    await buyer.getByRole('button', { name: '解除限制' }).click();
    const dialog = page.getByRole('dialog', { name: '解除报名限制：张伟' });
    await dialog.getByLabel('解除原因').fill('买受人提供了银行系统故障证明，申诉成立');
    await still(page);
    await dialog.getByRole('button', { name: '确认解除' }).click();
    await page.getByText('已解除 张伟 的报名限制').waitFor();
    await buyer.getByText('未限制').waitFor();
    const audit = await db.query<{ operator_name: string; reason: string }>(
      `SELECT operator_name, reason FROM audit_log WHERE action = 'buyer.liftBar'`,
    );
    expect(audit.rows).toEqual([
      { operator_name: '郑财务', reason: '买受人提供了银行系统故障证明，申诉成立' },
    ]);
    // 张伟 may register again.
    const other = await untouchedDemoLot(db);
    const deposit = await api(
      server.url,
      await tokenOf(people.winner.page),
      'POST',
      '/mall-auction/buyer/auc_order/deposit',
      { orderId: other.id },
    );
    expect(deposit.status, deposit.msg).toBe(200);
    expect(people.finance.errors).toEqual([]);
  });
});
