import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDb } from '../../test/test-app';
import type { DbHandle } from '../../db/client';
import type { Catalog } from './catalog-schemas';
import { formatImportReport } from './catalog-cli';
import { exportCatalogText, importCatalogText } from './catalog-files';
import { seedSampleCatalog } from '../../db/seed/catalog';
import sampleJson from '../../db/seed/catalog.sample.json';

const sample = sampleJson as unknown as Catalog;
let dbh: DbHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ dbh, drop } = await createTestDb());
});
afterAll(() => drop());

const counts = async () => {
  const n = async (t: 'car_brand' | 'car_series' | 'car_model') =>
    Number(
      (
        await dbh.db
          .selectFrom(t)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { brands: await n('car_brand'), series: await n('car_series'), models: await n('car_model') };
};

/** A small catalog: two brands, two series, three models, the first of each from the sample. */
function smallCatalog(): Catalog {
  const brands = sample.brands.slice(0, 2);
  const series = brands.map((b) => sample.series.find((s) => s.brandId === b.id)!);
  const models = series
    .flatMap((s) => sample.models.filter((m) => m.seriesId === s.id).slice(0, 2))
    .slice(0, 3);
  return { brands, series, models };
}

describe('catalog import', () => {
  it('dry run validates and counts but writes nothing', async () => {
    const result = await importCatalogText(dbh.db, JSON.stringify(smallCatalog()), 'json', { dryRun: true });
    expect(result.rejected).toEqual([]);
    expect(result.stored?.models).toEqual({ inserted: 3, updated: 0 });
    expect(await counts()).toEqual({ brands: 0, series: 0, models: 0 });
    expect(formatImportReport(result, true)).toContain('试运行');
  });

  it('imports good items, reports bad ones with Chinese reasons, and re-imports idempotently', async () => {
    const good = smallCatalog();
    const bad = {
      brands: [...good.brands, { id: 'x', name: '', country: '中国', firstLetter: 'X' }],
      series: [...good.series, { ...good.series[0], id: 'orphan', brandId: 'nope' }],
      models: [
        ...good.models,
        { ...good.models[0], id: 'bad-price', seriesPrice: '12.5' },
        { ...good.models[0], id: 'bad-cat', configInfo: { 神秘分类: { a: 'b' } } },
        { ...good.models[0], id: 'no-series', seriesId: 'orphan' },
      ],
    };
    const first = await importCatalogText(dbh.db, JSON.stringify(bad), 'json');
    expect(first.accepted).toEqual({ brands: 2, series: 2, models: 3 });
    expect(first.rejected.map((r) => [r.kind, r.index, r.reason])).toEqual([
      ['brand', 2, '品牌名称不能为空'],
      ['series', 2, '品牌不存在'],
      ['model', 3, '指导价格式不正确'],
      ['model', 4, '未知的参数分类：神秘分类'],
      ['model', 5, '车系不存在'],
    ]);
    expect(first.stored?.models).toEqual({ inserted: 3, updated: 0 });
    const report = formatImportReport(first, false);
    expect(report).toContain('[车型] 第5项 bad-cat：未知的参数分类：神秘分类');
    expect(report).toContain('拒绝：5 条');

    const ids = await dbh.db.selectFrom('car_model').select(['id', 'code']).orderBy('code').execute();
    const again = await importCatalogText(dbh.db, JSON.stringify(good), 'json');
    expect(again.stored?.models).toEqual({ inserted: 0, updated: 3 });
    expect(again.stored?.params.added).toBe(0);
    expect(await dbh.db.selectFrom('car_model').select(['id', 'code']).orderBy('code').execute()).toEqual(
      ids,
    );
    expect(await counts()).toEqual({ brands: 2, series: 2, models: 3 });
  });

  it('rejects malformed JSON and bad CSV rows with their row numbers', async () => {
    const json = await importCatalogText(dbh.db, '{"brands": [', 'json');
    expect(json.rejected[0]?.reason).toMatch(/^JSON格式不正确/);
    expect(json.stored).toBeNull();
    const csv = [
      'brandName,seriesName,fctName,modelId,modelName,year,seriesPrice,category,param,value',
      '测试品牌,测试车系,测试汽车,t-1,2025款 测试型,2025,99800.00,基本参数,厂商指导价,9.98万元',
      '测试品牌,测试车系,测试汽车,t-1,2025款 测试型,2025,99800.00,车身',
      '测试品牌,测试车系,测试汽车,,2025款 测试型,2025,99800.00,车身,长度,4500mm',
    ].join('\n');
    const r = await importCatalogText(dbh.db, csv, 'csv', { dryRun: true });
    expect(r.rejected).toEqual([
      { kind: 'row', index: 3, reason: '列数不正确：应为10列，实际8列' },
      { kind: 'row', index: 4, reason: '车型ID不能为空' },
    ]);
    expect(r.accepted.models).toBe(1);
  });
});

describe('catalog export', () => {
  it('round-trips the whole sample through JSON and CSV', async () => {
    await dbh.db.deleteFrom('car_brand').execute();
    await seedSampleCatalog(dbh.db);
    const exported = JSON.parse(await exportCatalogText(dbh.db, 'json')) as Catalog;
    expect(exported.brands).toEqual(sample.brands);
    expect(exported.series).toEqual(sample.series);
    expect(exported.models).toEqual(sample.models);

    const csv = await exportCatalogText(dbh.db, 'csv');
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    const before = await dbh.db
      .selectFrom('car_model')
      .select(['id', 'code', 'on_sale'])
      .orderBy('id')
      .execute();
    const reimport = await importCatalogText(dbh.db, csv, 'csv');
    expect(reimport.rejected).toEqual([]);
    expect(reimport.stored?.brands.inserted).toBe(0);
    expect(reimport.stored?.series.inserted).toBe(0);
    expect(reimport.stored?.models).toEqual({ inserted: 0, updated: sample.models.length });
    // CSV carries no on-sale flag: the stored one is kept.
    expect(
      await dbh.db.selectFrom('car_model').select(['id', 'code', 'on_sale']).orderBy('id').execute(),
    ).toEqual(before);
    const again = JSON.parse(await exportCatalogText(dbh.db, 'json')) as Catalog;
    expect(again.models.map((m) => m.configInfo)).toEqual(sample.models.map((m) => m.configInfo));
  });
});

describe('command line', () => {
  // The CLI runs in child processes, awaited: a synchronous spawn would block this worker's event
  // loop for the whole run (over a minute on a loaded machine), and Vitest's calls from the worker
  // would time out behind it.
  it('imports a file into the PGlite database under DATA_DIR and exports it again', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chepai-catalog-cli-'));
    try {
      const input = path.join(dir, 'small.json');
      fs.writeFileSync(input, JSON.stringify(smallCatalog()));
      const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', INIT_CWD: dir };
      const cli = ['--import', 'tsx', path.resolve(import.meta.dirname, 'catalog-cli.ts')];
      const run = (...args: string[]) =>
        new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
          execFile(process.execPath, [...cli, ...args], { env, encoding: 'utf8' }, (err, stdout, stderr) =>
            resolve({ status: err ? Number(err.code ?? 1) : 0, stdout, stderr }),
          );
        });
      const imported = await run('import', 'small.json');
      expect(imported.stdout).toContain('车型：新增 3，更新 0');
      expect(imported.status).toBe(0);
      const exported = await run('export', 'out.csv');
      expect(exported.status).toBe(0);
      const rows = fs.readFileSync(path.join(dir, 'out.csv'), 'utf8').trim().split('\r\n');
      const params = smallCatalog().models.reduce(
        (n, m) => n + Object.values(m.configInfo).reduce((k, c) => k + Object.keys(c).length, 0),
        0,
      );
      expect(rows).toHaveLength(params + 1);
      const bad = await run('import', 'small.txt');
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('文件扩展名必须是 .json 或 .csv');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
