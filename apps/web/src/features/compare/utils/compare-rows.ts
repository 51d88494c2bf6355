import type { catalog } from '@chepai/shared';

// Groups each category's parameters across the compared cars (spec §4): only the known parameter
// names, in the known order; a value a car lacks reads ' - '.

export const MISSING_VALUE = ' - ';

export interface CompareRow {
  /** Stable key: category + name. */
  key: string;
  name: string;
  values: string[];
  /** Every car has the same value (only meaningful with two cars or more). */
  same: boolean;
}

export interface CompareCategory {
  category: string;
  rows: CompareRow[];
  /** Every row of the category is the same: its title hides with 隐藏相同项. */
  allSame: boolean;
}

// ' - ' (missing) and '-' (none) read the same.
const normalise = (v: string) => v.trim();

export function allEqual(values: readonly string[]): boolean {
  if (values.length < 2) return false;
  const first = normalise(values[0] ?? '');
  return values.every((v) => normalise(v) === first);
}

export function buildCompareRows(
  known: readonly catalog.ParamCategory[],
  configs: ReadonlyArray<catalog.ConfigInfo | undefined>,
): CompareCategory[] {
  const out: CompareCategory[] = [];
  for (const { category, params } of known) {
    const present = configs.map((c) => c?.[category]);
    if (!present.some(Boolean)) continue;
    const rows: CompareRow[] = [];
    for (const name of params) {
      if (!present.some((p) => p && name in p)) continue;
      const values = present.map((p) => p?.[name] ?? MISSING_VALUE);
      rows.push({ key: `${category}\u0000${name}`, name, values, same: allEqual(values) });
    }
    if (rows.length) out.push({ category, rows, allSame: rows.every((r) => r.same) });
  }
  return out;
}

/** '●' standard, '○' optional, '-' none: marks for the legend and cell styling. */
export function valueKind(value: string): 'standard' | 'optional' | 'none' | 'text' {
  const v = value.trim();
  if (v === '●') return 'standard';
  if (v.startsWith('○')) return 'optional';
  if (v === '-' || v === '') return 'none';
  return 'text';
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** The cells of one row as HTML: the parameter name, then one cell per car, every text escaped. */
export function rowCellsHtml(row: Pick<CompareRow, 'name' | 'values'>): string {
  let html = `<div class="cg-cell param-col" role="rowheader">${escapeHtml(row.name)}</div>`;
  row.values.forEach((v, i) => {
    html += `<div class="cg-cell cg-val v-${valueKind(v)}${i === 0 ? ' first-car' : ''}" role="cell">${escapeHtml(v)}</div>`;
  });
  return html;
}
