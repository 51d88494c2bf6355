import { SearchOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Input, Space } from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useHotKeywords } from '../../api/content-queries';
import { visibleHotKeywords } from '../../lib/hot-keywords';

/** Keyword search: Enter or the button goes to /searchHall?keyword=; hot keywords are suggestions. */
export function HeaderSearch() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [value, setValue] = useState(params.get('keyword') ?? '');
  const { data } = useHotKeywords();
  const hot = visibleHotKeywords(data?.list ?? []);
  const go = (keyword: string) => {
    const k = keyword.trim();
    void navigate(k ? `/searchHall?keyword=${encodeURIComponent(k)}` : '/searchHall');
  };
  // Suggestions help an empty box; once the user types, Enter searches exactly what they typed.
  const options = value.trim()
    ? []
    : hot.map((h) => ({ value: h.wordName, label: <span className="hot-option">{h.wordName}</span> }));

  return (
    <div className="header-search">
      <Space.Compact style={{ width: '100%' }}>
        <AutoComplete
          style={{ flex: 1 }}
          value={value}
          options={options}
          defaultActiveFirstOption={false}
          onChange={setValue}
          onSelect={(v: string) => {
            setValue(v);
            go(v);
          }}
        >
          <Input
            size="large"
            placeholder="搜索品牌、车系、车型，如 比亚迪、宝马3系"
            aria-label="搜索车辆"
            maxLength={50}
            onPressEnter={(e) => go((e.target as HTMLInputElement).value)}
          />
        </AutoComplete>
        <Button size="large" type="primary" icon={<SearchOutlined />} onClick={() => go(value)}>
          搜索
        </Button>
      </Space.Compact>
      <div className="hot-keywords" aria-label="热门搜索">
        {hot.map((h) => (
          <a key={h.id} onClick={() => go(h.wordName)}>
            {h.wordName}
          </a>
        ))}
      </div>
    </div>
  );
}
