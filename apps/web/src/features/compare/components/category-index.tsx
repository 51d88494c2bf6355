import { useEffect, useMemo, useState, type RefObject } from 'react';
import type { CompareCategory } from '../utils/compare-rows';

interface Props {
  categories: CompareCategory[];
  hideSame: boolean;
  scrollRef: RefObject<HTMLDivElement | null>;
}

const rowOf = (container: HTMLElement, category: string) =>
  container.querySelector<HTMLElement>(`[data-category="${CSS.escape(category)}"]`);

/**
 * The side index of categories: the first is active, then the one scrolled to
 * (docs/product.md#11-compare-and-calculator).
 */
export function CategoryIndex({ categories, hideSame, scrollRef }: Props) {
  const visible = useMemo(() => categories.filter((c) => !(hideSame && c.allSame)), [categories, hideSame]);
  // Until the first scroll, the first category is active (docs/product.md#11-compare-and-calculator).
  const [scrolledTo, setActive] = useState<string | null>(null);
  const active = scrolledTo ?? visible[0]?.category ?? null;

  useEffect(() => {
    const container = scrollRef.current;
    if (!container) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const head = container.querySelector('.cg-head')?.getBoundingClientRect().height ?? 0;
      let current = visible[0]?.category ?? null;
      for (const c of visible) {
        const row = rowOf(container, c.category);
        if (row && row.offsetTop - container.scrollTop <= head + 8) current = c.category;
      }
      setActive(current);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    // Not synchronously: reading positions here would force a layout of the whole table inside
    // the commit that builds it (or toggles it); in the next frame the layout is due anyway.
    onScroll();
    container.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      container.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [visible, scrollRef]);

  const jump = (category: string) => {
    const container = scrollRef.current;
    const row = container && rowOf(container, category);
    if (!container || !row) return;
    const head = container.querySelector('.cg-head')?.getBoundingClientRect().height ?? 0;
    container.scrollTo({ top: row.offsetTop - head });
    // Rows off screen were laid out at an estimated height (content-visibility); once the target
    // is rendered, settle on its real position.
    requestAnimationFrame(() =>
      requestAnimationFrame(() => container.scrollTo({ top: row.offsetTop - head })),
    );
    setActive(category);
  };

  return (
    <nav className="category-index" aria-label="参数分类">
      {visible.map((c) => (
        <button
          type="button"
          key={c.category}
          className={c.category === active ? 'active' : ''}
          onClick={() => jump(c.category)}
        >
          {c.category}
        </button>
      ))}
    </nav>
  );
}
