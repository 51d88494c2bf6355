import { vinCheckDigit } from '@chepai/shared';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, shot, type E2E } from './support/browser';
import { seriousViolations } from './support/axe';
import { ssoSignIn } from './support/demo';

// The whole supply chain in a browser: a disposal unit submits a vehicle with photos and
// documents through the five steps, an operator approves and schedules it in the console, and
// a visitor finds it in the halls with the seller's photos.

let seller: E2E;
let operator: E2E;
let visitor: E2E;
beforeAll(async () => {
  [seller, operator, visitor] = await Promise.all([openBrowser(), openBrowser(), openBrowser()]);
  await seller.page.setViewportSize({ width: 1440, height: 900 });
  await operator.page.setViewportSize({ width: 1440, height: 900 });
});
afterAll(async () => {
  await Promise.all([seller?.close(), operator?.close(), visitor?.close()]);
});

/** Unique per run, so a rerun against the same server never meets an earlier draft or VIN. */
const PLATE = `浙A${String(Date.now()).slice(-5)}`;
const VIN = (() => {
  const body = `LFMA${String(Date.now()).slice(-6)}1234567`.slice(0, 17);
  return body.slice(0, 8) + vinCheckDigit(body) + body.slice(9);
})();
const TINY_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj 3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** A JPEG drawn by the browser itself: a coloured card naming the angle. */
async function photo(page: Page, label: string, hue: number) {
  const base64 = await page.evaluate(
    ([text, h]) => {
      const c = document.createElement('canvas');
      c.width = 640;
      c.height = 480;
      const g = c.getContext('2d')!;
      g.fillStyle = `hsl(${h}, 45%, 55%)`;
      g.fillRect(0, 0, 640, 480);
      g.fillStyle = '#fff';
      g.font = 'bold 56px sans-serif';
      g.fillText(String(text), 60, 260);
      return c.toDataURL('image/jpeg', 0.8).split(',')[1]!;
    },
    [label, hue] as const,
  );
  return { name: `${label}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(base64, 'base64') };
}

/** A field of the form, by the text of its label. */
const item = (page: Page, label: string) =>
  page
    .locator('.plain-field')
    .filter({ has: page.locator('.plain-field-label').getByText(label, { exact: true }) });
/** Chooses the option of a field's select whose text holds `text` (the brands read 'F 丰田'). */
async function pick(page: Page, label: string, text: string) {
  const select = item(page, label).locator('select');
  const option = select.locator('option', { hasText: text }).first();
  await option.waitFor({ state: 'attached' });
  await select.selectOption(await option.getAttribute('value'));
  expect(await select.inputValue()).toBe(await option.getAttribute('value'));
}
/** Types a date into a field's date input (the browser's own, 'YYYY-MM-DD'). */
async function fillDate(scope: Locator, value: string) {
  const input = scope.locator('input[type=date]').first();
  await input.fill(value);
  expect(await input.inputValue()).toBe(value);
}

describe('a vehicle from submission to the hall', () => {
  let orderId = '';

  it('the seller fills the vehicle step from the catalog, with a live VIN check', async () => {
    const { page } = seller;
    await page.goto('/login?type=2&redirect=%2FdisposeCar');
    await page.getByRole('button', { name: '处置单位统一认证登录' }).click();
    await ssoSignIn(page, 'zhaomin');
    await expect.poll(() => page.getByTestId('greeting').innerText()).toContain('赵敏');
    await page.goto('/disposeCar');
    await page.getByTestId('dispose-step-0').waitFor();

    await pick(page, '品牌', '丰田');
    await pick(page, '车系', '卡罗拉');
    await pick(page, '车型', '2024款 1.5L 先锋版');
    // A wrong check digit is refused as it is typed; the right one passes.
    const wrong = VIN.slice(0, 8) + (VIN[8] === '1' ? '2' : '1') + VIN.slice(9);
    await page.getByTestId('vin').fill(wrong);
    await item(page, '车架号（VIN）').locator('.plain-field-message').getByText('校验位').waitFor();
    expect(await page.getByTestId('vin').getAttribute('aria-invalid')).toBe('true');
    await page.getByTestId('vin').fill(VIN.toLowerCase());
    await expect.poll(() => page.getByTestId('vin').inputValue()).toBe(VIN);
    await page.getByLabel('车牌号').fill(PLATE);
    await pick(page, '车身类型', '轿车');
    await page.getByLabel('车身颜色').fill('珍珠白');
    await fillDate(item(page, '初次登记日期'), '2024-03-18');
    await page.getByLabel('表显里程（公里）').fill('38600');
    // The catalog filled the fuel type; the rest is typed.
    await expect.poll(() => item(page, '燃料类型').locator('select').inputValue()).toBe('汽油');
    await page.getByLabel('变速箱').fill('CVT无级变速');
    await page.getByLabel('排量').fill('1.5L');
    await pick(page, '排放标准', '国VI');
    await fillDate(item(page, '年检到期日'), '2028-03-31');
    await fillDate(item(page, '交强险到期日'), '2027-03-17');
    await page.getByLabel('车辆所在省份').fill('浙江');
    await page.getByLabel('车辆所在城市').fill('杭州');
    for (const label of [
      '是否有重大事故',
      '是否泡水',
      '是否火烧',
      '里程表是否异常',
      '是否处于抵押',
      '是否被查封',
    ])
      await item(page, label).getByText('否', { exact: true }).click();
    await page.getByLabel('车辆描述（展示给竞买人）').fill('单位公务用车，定期在4S店保养，车况良好。');
    await shot(page, 'dispose-1-vehicle-1440');
    await page.getByTestId('dispose-next').click();
    await page.getByTestId('dispose-step-1').waitFor();
  });

  it('uploads the documents privately, with their expiry', async () => {
    const { page } = seller;
    // Next is refused while a required document is missing.
    await page.getByTestId('dispose-next').click();
    await page.getByText('请上传对应的文件').first().waitFor();
    for (const name of ['机动车登记证书', '机动车行驶证', '交强险保单']) {
      const section = page.getByTestId(`doc-${name}`);
      await section.locator('input[type=file]').setInputFiles({
        name: `${name}.pdf`,
        mimeType: 'application/pdf',
        buffer: TINY_PDF,
      });
      await section.getByText(`${name}.pdf`).waitFor();
    }
    await fillDate(page.getByTestId('doc-机动车行驶证'), '2028-03-31');
    await fillDate(page.getByTestId('doc-交强险保单'), '2027-03-17');
    await shot(page, 'dispose-2-documents-1440');
    expect(await seriousViolations(page, '/disposeCar documents')).toEqual([]);
    await page.getByTestId('dispose-next').click();
    await page.getByTestId('dispose-step-2').waitFor();
  });

  it('uploads nine photos, deletes one after confirming, and moves one to the cover', async () => {
    const { page } = seller;
    const angles = ['左前45°', '正侧', '右后45°', '车尾', '中控', '前排座椅', '后排座椅', '发动机舱', '多余'];
    const files = [];
    for (const [i, a] of angles.entries()) files.push(await photo(page, a, i * 40));
    await page.locator('.photo-card.add input[type=file]').setInputFiles(files);
    await expect.poll(() => page.getByTestId('photo-card').count(), { timeout: 30_000 }).toBe(9);
    // Photos keep the order they were chosen in, and take the named angles in that order.
    const titles = () =>
      page
        .getByTestId('photo-card')
        .locator('img')
        .evaluateAll((l) => l.map((i) => i.getAttribute('title')));
    expect(await titles()).toEqual(angles.map((a) => `${a}.jpg`));
    const shown = await page
      .locator('select.photo-angle')
      .evaluateAll((l) => l.map((s) => (s as HTMLSelectElement).value));
    expect(shown.slice(0, 8)).toEqual(angles.slice(0, 8));
    // Delete asks first; cancelling keeps the photo.
    await page.getByRole('button', { name: '删除第9张' }).click();
    await page.getByRole('dialog').getByText('删除后不可恢复').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /取\s*消/ })
      .click();
    // The cancelled dialog is gone before the next opens, so the next is the only dialog.
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    expect(await page.getByTestId('photo-card').count()).toBe(9);
    await page.getByRole('button', { name: '删除第9张' }).click();
    await page.getByRole('dialog').getByText('删除后不可恢复').waitFor();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /删\s*除/ })
      .click();
    await expect.poll(() => page.getByTestId('photo-card').count()).toBe(8);
    expect(await titles()).toEqual(angles.slice(0, 8).map((a) => `${a}.jpg`));
    await expect.poll(() => page.getByTestId('photo-count').innerText()).toContain('数量已满足要求');
    // The second photo becomes the cover, then goes back.
    await page.getByRole('button', { name: '第2张设为封面' }).click();
    await expect
      .poll(() => page.getByTestId('photo-card').first().locator('img').getAttribute('alt'))
      .toContain('正侧');
    await page.getByRole('button', { name: '第1张后移' }).click();
    await expect
      .poll(() => page.getByTestId('photo-card').first().locator('img').getAttribute('alt'))
      .toContain('左前45°');
    await shot(page, 'dispose-3-photos-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflow(page)).toBe(0);
    await shot(page, 'dispose-3-photos-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await seriousViolations(page, '/disposeCar photos')).toEqual([]);
    await page.getByTestId('dispose-next').click();
    await page.getByTestId('dispose-step-3').waitFor();
  });

  it('sets the terms; a deposit outside 5–20 % is refused', async () => {
    const { page } = seller;
    await page.getByTestId('start-price').fill('68000');
    await page.getByLabel('加价幅度（元）').fill('300');
    await page.getByLabel('保证金（元）').fill('20000');
    await item(page, '保证金（元）').getByText('保证金须为起拍价的5%–20%').waitFor();
    await page.getByLabel('保证金（元）').fill('');
    await item(page, '保证金（元）').getByText('留空即为起拍价的10%（6800元）').waitFor();
    const day = (n: number) => {
      const d = new Date(Date.now() + n * 86_400_000 + 8 * 3_600_000);
      return d.toISOString().slice(0, 10);
    };
    // An end before the start is refused; then the real window.
    await page.getByLabel('开始时间').fill(`${day(7)}T16:00`);
    await page.getByLabel('结束时间').fill(`${day(7)}T10:00`);
    await item(page, '期望的竞价时段').getByText('期望结束时间须晚于开始时间').waitFor();
    await page.getByLabel('开始时间').fill(`${day(7)}T10:00`);
    await page.getByLabel('结束时间').fill(`${day(7)}T16:00`);
    await expect.poll(() => item(page, '期望的竞价时段').locator('.plain-field-message').count()).toBe(0);
    await page.getByLabel('看车地点').fill('杭州市西湖区文三路90号停车场');
    await page.getByLabel('看车时间').fill('工作日 9:00-17:00，需提前预约');
    await page.getByLabel('提车地址').fill('杭州市西湖区文三路90号');
    await page.getByLabel('提车联系人').fill('赵主任');
    await page.getByLabel('联系电话').fill('0571-88001234');
    await shot(page, 'dispose-4-terms-1440');
    expect(await seriousViolations(page, '/disposeCar terms')).toEqual([]);
    await page.getByTestId('dispose-next').click();
    await page.getByTestId('dispose-step-4').waitFor();
  });

  it('reviews, agrees to the terms and submits; the draft is gone and the order waits for review', async () => {
    const { page } = seller;
    await page.getByText('信息已填写完整，请核对后提交').waitFor();
    await page.getByText(VIN).waitFor();
    // The form has been kept as a draft all along; submitting removes it.
    await expect
      .poll(() => page.getByTestId('draft-saved').innerText(), { timeout: 10_000 })
      .toContain('草稿已自动保存');
    await page.getByTestId('agree').click();
    await shot(page, 'dispose-5-review-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflow(page)).toBe(0);
    await shot(page, 'dispose-5-review-390');
    await page.setViewportSize({ width: 1440, height: 900 });
    expect(await seriousViolations(page, '/disposeCar review')).toEqual([]);
    await page.getByTestId('dispose-submit').click();
    await page.getByTestId('order-success').waitFor();
    orderId = (await page.getByTestId('order-success-id').innerText()).trim();
    expect(orderId).toMatch(/^\d+$/);
    await page.getByText('丰田卡罗拉 2024款 1.5L 先锋版').waitFor();
    await shot(page, 'dispose-success-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await overflow(page)).toBe(0);
    await shot(page, 'dispose-success-390');
    // A new submission starts clean: the submitted draft is not offered again.
    await page.goto('/disposeCar');
    await page.getByTestId('dispose-step-0').waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.locator('.dispose-draft-list').getByText(PLATE).count()).toBe(0);
    expect(await overflow(page)).toBe(0);
    await shot(page, 'dispose-1-vehicle-390');
    await page.goto(`/detailInfo/${orderId}`);
    await page.locator('.order-detail-title').getByText('待审核').waitFor();
  });

  it('an operator asks for changes; the seller edits the returned order and resubmits it', async () => {
    const { page } = operator;
    await page.goto('/console/');
    await page.getByRole('link', { name: '统一认证登录' }).click();
    await ssoSignIn(page, 'shenhe');
    await page.getByText('孙审核（审核员）').waitFor();
    await page.locator('.ant-table-row').filter({ hasText: '丰田卡罗拉' }).last().click();
    await page.locator('.ant-drawer-title').getByText(orderId).waitFor();
    await page.getByPlaceholder('驳回原因或修改意见（至少2个字）').fill('起拍价偏高，请参考同款成交价调整');
    await page.getByRole('button', { name: '要求修改' }).click();
    await page.getByText('已要求修改').waitFor();

    const s = seller.page;
    await s.setViewportSize({ width: 1440, height: 900 });
    await s.goto(`/detailInfo/${orderId}`);
    await s.getByRole('alert').getByText('起拍价偏高，请参考同款成交价调整').waitFor();
    await s.getByTestId('resubmit').click();
    await s.waitForURL(/\/disposeCar\?orderId=/);
    await s.getByText('修改后重新提交').first().waitFor();
    // Everything comes back as submitted: the catalog names, the VIN, the photos.
    await expect.poll(() => s.getByTestId('vin').inputValue()).toBe(VIN);
    await shot(s, 'dispose-resubmit-1440', false);
    await s.locator('.dispose-steps').getByText('拍卖条款').click();
    await s.getByTestId('start-price').fill('62000');
    await s.locator('.dispose-steps').getByText('确认提交').click();
    await s.getByText('信息已填写完整，请核对后提交').waitFor();
    expect(await s.locator('.dispose-review-photos img').count()).toBe(8);
    await s.getByText('¥62,000').first().waitFor();
    await s.getByTestId('agree').click();
    await s.getByTestId('dispose-submit').click();
    await s.getByText('已重新提交，等待平台审核').waitFor();
    expect((await s.getByTestId('order-success-id').innerText()).trim()).toBe(orderId);
  });

  it('an operator approves and schedules it in the console', async () => {
    const { page } = operator;
    await page.keyboard.press('Escape');
    await page.reload();
    await page.locator('.ant-table-row').filter({ hasText: '丰田卡罗拉' }).last().click();
    await page.locator('.ant-drawer-title').getByText(orderId).waitFor();
    await page
      .locator('.ant-drawer')
      .getByText(/^62,?000(\.00)?$/)
      .first()
      .waitFor();
    await page.locator('.console-photos img').first().waitFor();
    await page.getByText('车架号校验位正确').waitFor();
    await page.getByText('照片8张，角度齐全').waitFor();
    await page.getByRole('button', { name: '通过并排期' }).click();
    await page.getByText('已通过审核并排期').waitFor();
  });

  it('a visitor searches, finds the announced lot and sees the seller’s photos', async () => {
    const { page } = visitor;
    await page.goto(`/searchHall?keyword=${encodeURIComponent('卡罗拉')}`);
    const card = page.locator(`a[href$="/carAuctionDetail/${orderId}"]`).first();
    await card.waitFor();
    await card.click();
    await page.waitForURL(new RegExp(`/carAuction/carAuctionDetail/${orderId}$`));
    // The gallery holds the seller's eight photos, the cover first.
    await page.locator('.gallery-main img').waitFor();
    expect(await page.locator('.gallery-thumbs button').count()).toBe(8);
    expect(await page.locator('.gallery-thumbs img').first().getAttribute('alt')).toBe('左前45°');
    const res = await fetch(`${visitor.baseURL}/api/mall-auction/home/detail/info`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ orderId }),
    });
    const lot = (await res.json()) as {
      data: { status: number; photos: Array<{ url: string }>; vin: string };
    };
    expect(lot.data.status).toBe(0);
    expect(lot.data.photos).toHaveLength(8);
    await shot(page, 'dispose-lot-in-hall-1440');
  });
});
