import type { catalog } from '@chepai/shared';

// Groups each category's parameters across the compared cars
// (docs/product.md#11-compare-and-calculator): only the known parameter names, in the known order; a
// value a car lacks reads ' - '.

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

const HTML_SPECIAL = /[&<>"']/;
const HTML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
// Most values need no escaping: test first, replace only when needed.
const escapeHtml = (text: string) =>
  HTML_SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c) : text;

/** The cells of one row as HTML: the parameter name, then one cell per car, every text escaped. */
export function rowCellsHtml(row: Pick<CompareRow, 'name' | 'values'>): string {
  let html = `<div class="cg-cell param-col" role="rowheader">${escapeHtml(row.name)}</div>`;
  row.values.forEach((v, i) => {
    html += `<div class="cg-cell cg-val v-${valueKind(v)}${i === 0 ? ' first-car' : ''}" role="cell">${escapeHtml(v)}</div>`;
  });
  return html;
}

/**
 * The whole table body as one HTML string: per category a title row (data-category, for the side
 * index) and its parameter rows. One parse of one string builds the ~3,500 cells of ten cars far
 * faster than React elements or one innerHTML per row; the body never changes once built.
 */
export function compareBodyHtml(categories: readonly CompareCategory[]): string {
  const parts: string[] = [];
  for (const cat of categories) {
    const name = escapeHtml(cat.category);
    parts.push(
      `<div class="cg-cat${cat.allSame ? ' cat-same' : ''}" data-category="${name}" role="row"><div class="cat-title" role="rowheader">${name}</div></div>`,
    );
    for (const row of cat.rows) {
      parts.push(
        `<div class="cg-row ${row.same ? 'row-same' : 'row-diff'}" role="row">${rowCellsHtml(row)}</div>`,
      );
    }
  }
  return parts.join('');
}
