import fs from 'node:fs';
import path from 'node:path';
import { loadEnv } from '../../config/env';
import { openDb } from '../../db/client';
import { migrateToLatest } from '../../db/migrate';
import { exportCatalogText, formatOfPath, importCatalogText, type ImportResult } from './catalog-files';

// npm run catalog:import -w apps/server -- <file.json|file.csv> [--dry-run]
// npm run catalog:export -w apps/server -- <out.json|out.csv>
// Works on the database named by the environment (DATABASE_URL, or PGlite under DATA_DIR).

const KIND_LABELS = { catalog: '整体', brand: '品牌', series: '车系', model: '车型', row: 'CSV行' } as const;

export function formatImportReport(result: ImportResult, dryRun: boolean): string {
  const lines: string[] = [];
  lines.push(dryRun ? '试运行（--dry-run）：未写入数据库' : '导入完成');
  const { accepted, stored } = result;
  lines.push(`校验通过：品牌 ${accepted.brands}，车系 ${accepted.series}，车型 ${accepted.models}`);
  if (stored) {
    const c = (x: { inserted: number; updated: number }) => `新增 ${x.inserted}，更新 ${x.updated}`;
    lines.push(
      `品牌：${c(stored.brands)}；车系：${c(stored.series)}；车型：${c(stored.models)}；新参数名 ${stored.params.added}`,
    );
  }
  lines.push(`拒绝：${result.rejected.length} 条`);
  for (const r of result.rejected.slice(0, 200)) {
    const where = r.kind === 'row' ? `第${r.index}行` : r.kind === 'catalog' ? '' : `第${r.index + 1}项`;
    lines.push(`  [${KIND_LABELS[r.kind]}] ${where}${r.id ? ` ${r.id}` : ''}：${r.reason}`);
  }
  if (result.rejected.length > 200) lines.push(`  ……其余 ${result.rejected.length - 200} 条未列出`);
  return lines.join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [command, file, ...flags] = argv;
  const usage = '用法：catalog-cli import <文件.json|文件.csv> [--dry-run] | export <文件.json|文件.csv>';
  if ((command !== 'import' && command !== 'export') || !file) {
    process.stderr.write(usage + '\n');
    return 1;
  }
  const format = formatOfPath(file);
  if (!format) {
    process.stderr.write('文件扩展名必须是 .json 或 .csv\n');
    return 1;
  }
  const env = loadEnv();
  const target = path.resolve(env.callerDir, file);
  const dbh = await openDb({ databaseUrl: env.DATABASE_URL, dataDir: path.join(env.dataDir, 'pgdata') });
  try {
    await migrateToLatest(dbh.db, { dataEncryptionKey: env.DATA_ENCRYPTION_KEY });
    if (command === 'export') {
      const text = await exportCatalogText(dbh.db, format);
      fs.writeFileSync(target, text);
      process.stdout.write(`已导出到 ${target}（${Buffer.byteLength(text)} 字节）\n`);
      return 0;
    }
    if (!fs.existsSync(target)) {
      process.stderr.write(`文件不存在：${target}\n`);
      return 1;
    }
    const dryRun = flags.includes('--dry-run');
    const result = await importCatalogText(dbh.db, fs.readFileSync(target, 'utf8'), format, { dryRun });
    process.stdout.write(formatImportReport(result, dryRun) + '\n');
    return result.rejected.length ? 2 : 0;
  } finally {
    await dbh.close();
  }
}

if (import.meta.url === `file://${process.argv[1] ?? ''}`) {
  process.exitCode = await main(process.argv.slice(2));
}
