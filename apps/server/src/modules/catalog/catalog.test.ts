import type { catalog } from '@chepai/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, envelope, type TestApp } from '../../test/test-app';
import { seedSampleCatalog } from '../../db/seed/catalog';
import sample from '../../db/seed/catalog.sample.json';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedSampleCatalog(t.ctx.dbh.db);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const data = async <T>(url: string) => {
  const res = await get(url);
  expect(res.statusCode, res.body).toBe(200);
  const body = envelope<T>(res);
  expect(body.code).toBe(200);
  return body.data;
};
const brands = () => data<catalog.Brand[]>('/api/mall-portal/brand/getAllGoodsBrand');
const brandId = async (name: string) => (await brands()).find((b) => b.name === name)?.id ?? '';

describe('brands', () => {
  it('lists every brand with a generated logo, sorted by first letter then name', async () => {
    const list = await brands();
    expect(list).toHaveLength(sample.brands.length);
    const letters = list.map((b) => b.firstLetter.toUpperCase());
    expect(letters).toEqual([...letters].sort());
    const byd = list.find((b) => b.name === '比亚迪');
    expect(byd).toMatchObject({ firstLetter: 'B', logo: `/api/mall-portal/brand/logo/${byd?.id}.svg` });
    expect(byd?.id).toMatch(/^\d{19}$/);
    // Inside one letter, names follow pinyin order: 宝马 (bao) before 本田 (ben) before 比亚迪 (bi).
    const b = list.filter((x) => x.firstLetter === 'B').map((x) => x.name);
    expect(b.indexOf('宝马')).toBeLessThan(b.indexOf('本田'));
    expect(b.indexOf('本田')).toBeLessThan(b.indexOf('比亚迪'));
  });

  it('serves a monogram SVG per brand and 404/400 for unknown or malformed ids', async () => {
    const byd = await brandId('比亚迪');
    const res = await get(`/api/mall-portal/brand/logo/${byd}.svg`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toContain('<svg');
    expect(res.body).toContain('>比</text>');
    const missing = await get('/api/mall-portal/brand/logo/1234567890123456789.svg');
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing).msg).toBe('品牌不存在');
    expect((await get('/api/mall-portal/brand/logo/abc.svg')).statusCode).toBe(400);
  });
});

describe('series, models and configuration', () => {
  it('lists a brand’s series with manufacturer, level, price range and a silhouette', async () => {
    const list = await data<catalog.Series[]>(
      `/api/mall-portal/vehicle/getVehicleSeriesList?brandId=${await brandId('比亚迪')}`,
    );
    const expected = sample.series.filter((s) => s.brandId === 'byd');
    expect(list.map((s) => s.seriesName).sort()).toEqual(expected.map((s) => s.seriesName).sort());
    const seal = list.find((s) => s.seriesName === '海豹');
    const fact = expected.find((s) => s.seriesName === '海豹');
    expect(seal).toMatchObject({
      fctName: fact?.fctName,
      level: fact?.level,
      minPrice: fact?.minPrice,
      maxPrice: fact?.maxPrice,
    });
    const img = await get(seal?.seriesImg ?? '');
    expect(img.statusCode).toBe(200);
    expect(img.body).toContain('<path');
  });

  it('lists a series’ models newest year first with guide prices, and returns a model’s configInfo', async () => {
    const series = await data<catalog.Series[]>(
      `/api/mall-portal/vehicle/getVehicleSeriesList?brandId=${await brandId('比亚迪')}`,
    );
    const seal = series.find((s) => s.seriesName === '海豹');
    const models = await data<catalog.Model[]>(
      `/api/mall-portal/vehicle/getVehicleModelList?productId=${seal?.id}`,
    );
    const facts = sample.models.filter((m) => m.seriesId === 'byd-seal');
    expect(models).toHaveLength(facts.length);
    const years = models.map((m) => m.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    const first = models[0];
    const fact = facts.find((f) => f.name === first?.name);
    expect(first).toMatchObject({ seriesPrice: fact?.seriesPrice, onSale: fact?.onSale, year: fact?.year });

    const config = await data<catalog.ConfigInfo>(`/api/mall-portal/vehicle/list?modelId=${first?.id}`);
    expect(config).toEqual(fact?.configInfo);
    // Categories and parameters come back in the data set's order, not jsonb's.
    expect(Object.keys(config)).toEqual(Object.keys(fact?.configInfo ?? {}));
    expect(Object.keys(config['车身'] ?? {})).toEqual(Object.keys(fact?.configInfo['车身'] ?? {}));
  });

  it('gives the known parameter names per category in display order', async () => {
    const names = await data<catalog.ParamCategory[]>('/api/mall-portal/vehicle/paramNames');
    expect(names[0]?.category).toBe('基本参数');
    expect(names[0]?.params[0]).toBe('厂商指导价');
    const total = names.reduce((n, c) => n + c.params.length, 0);
    expect(total).toBeGreaterThanOrEqual(300);
  });

  it('returns briefs in the order asked and leaves out unknown ids', async () => {
    const series = await data<catalog.Series[]>(
      `/api/mall-portal/vehicle/getVehicleSeriesList?brandId=${await brandId('宝马')}`,
    );
    const models = await data<catalog.Model[]>(
      `/api/mall-portal/vehicle/getVehicleModelList?productId=${series[0]?.id}`,
    );
    const ids = models.slice(0, 2).map((m) => m.id);
    const briefs = await data<catalog.ModelBrief[]>(
      `/api/mall-portal/vehicle/modelBrief?ids=${[...ids].reverse().join(',')},1234567890123456789`,
    );
    expect(briefs.map((b) => b.id)).toEqual([...ids].reverse());
    expect(briefs[0]).toMatchObject({ brandName: '宝马', seriesName: series[0]?.seriesName });
    expect(typeof briefs[0]?.seats).toBe('number');
  });

  it.each([
    ['/api/mall-portal/vehicle/getVehicleSeriesList?brandId=1234567890123456789', 404, '品牌不存在'],
    ['/api/mall-portal/vehicle/getVehicleModelList?productId=1234567890123456789', 404, '车系不存在'],
    ['/api/mall-portal/vehicle/list?modelId=1234567890123456789', 404, '车型不存在'],
    ['/api/mall-portal/vehicle/list?modelId=byd-seal-2025-1', 400, '编号格式不正确'],
    ['/api/mall-portal/vehicle/list', 400, '车型编号不能为空'],
    ['/api/mall-portal/vehicle/getVehicleSeriesList', 400, '品牌编号不能为空'],
    ['/api/mall-portal/vehicle/modelBrief?ids=', 400, '车型编号不能为空'],
    [
      `/api/mall-portal/vehicle/modelBrief?ids=${Array.from({ length: 11 }, (_, i) => 1000 + i).join(',')}`,
      400,
      '一次最多查询10个车型',
    ],
  ])('%s → %i %s', async (url, status, msg) => {
    const res = await get(url);
    expect(res.statusCode).toBe(status);
    expect(envelope(res).code).toBe(status);
    expect(envelope(res).msg).toContain(msg);
  });
});
