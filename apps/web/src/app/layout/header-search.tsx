import { SearchOutlined } from '@ant-design/icons';
import { useId, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useHotKeywords } from '../../api/content-queries';
import { visibleHotKeywords } from '../../lib/hot-keywords';

/**
 * Keyword search: Enter or the button goes to /searchHall?keyword=; hot keywords are suggestions
 * while the box is empty. Plain elements (the ARIA combobox pattern), not antd's AutoComplete: the
 * header is on every first paint, and rc-select with its virtual list cost the entry about 40 KiB
 * (docs/decisions/033-a-first-load-without-antd.md).
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get('keyword') ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const { data } = useHotKeywords();
  const hot = visibleHotKeywords(data?.list ?? []);
  // Suggestions help an empty box; once the user types, Enter searches exactly what they typed.
  const options = value.trim() ? [] : hot;
  const expanded = open && options.length > 0;

  const go = (keyword: string) => {
    const k = keyword.trim();
    setOpen(false);
    void navigate(k ? `/searchHall?keyword=${encodeURIComponent(k)}` : '/searchHall');
  };
  const choose = (word: string) => {
    setValue(word);
    go(word);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen(true);
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (options.length ? (i + step + options.length) % options.length : -1));
    } else if (e.key === 'Escape') {
      setOpen(false);
      setActive(-1);
    } else if (e.key === 'Enter') {
      const picked = expanded && active >= 0 ? options[active] : undefined;
      if (picked) choose(picked.wordName);
      else go(e.currentTarget.value);
    }
  };

  return (
    <div className="header-search">
      <div className="search-box">
        <input
          className="search-input"
          role="combobox"
          aria-label="搜索车辆"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          placeholder="搜索品牌、车系、车型，如 比亚迪、宝马3系"
          maxLength={50}
          autoComplete="off"
          value={value}
          onChange={(e) => {
            setValue(e.target.value);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onClick={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="search-button" onClick={() => go(value)}>
          <SearchOutlined /> 搜索
        </button>
        <ul
          id={listId}
          role="listbox"
          aria-label="热门搜索建议"
          className="search-options"
          hidden={!expanded}
        >
          {options.map((h, i) => (
            <li
              key={h.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={i === active ? 'active' : undefined}
              // Chosen on mouse down, before the box loses focus and closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                choose(h.wordName);
              }}
            >
              {h.wordName}
            </li>
          ))}
        </ul>
      </div>
      <div className="hot-keywords" aria-label="热门搜索">
        {hot.map((h) => (
          <Link
            key={h.id}
            to={`/searchHall?keyword=${encodeURIComponent(h.wordName)}`}
            onClick={() => setValue(h.wordName)}
          >
            {h.wordName}
          </Link>
        ))}
      </div>
    </div>
  );
}
