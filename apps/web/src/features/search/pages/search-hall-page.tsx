import { useSearchParams } from 'react-router';
import { LotBrowser } from '../../../components/lots/lot-browser';

/** Search results: the header's keyword plus the filter bar, across every public status. */
export default function SearchHallPage() {
  const [params] = useSearchParams();
  const keyword = params.get('keyword')?.trim();
  return (
    <div className="container search-hall">
      <div className="hall-head">
        <h1>{keyword ? `“${keyword}”的搜索结果` : '全部车辆'}</h1>
        <span className="muted">支持品牌、车系、城市、车牌归属地，以及拼音和首字母（如 byd）</span>
      </div>
      <LotBrowser />
    </div>
  );
}
