import FileSearchOutlined from '@ant-design/icons-svg/es/asn/FileSearchOutlined';
import { disposal } from '@chepai/shared';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Icon } from '../../../components/plain/icon';
import { Notice } from '../../../components/plain/notice';
import { Pager } from '../../../components/plain/pager';
import { Spinner } from '../../../components/plain/spinner';
import { Tabs } from '../../../components/plain/tabs';
import { useSession } from '../../../lib/use-session';
import { useSellerOrders } from '../api/order-api';
import { OrderCard } from '../components/order-card';
import '../sellers.css';

const TABS = disposal.ORDER_TABS.map((t) => ({ key: t.key, label: t.label }));

/**
 * 拍卖订单: the unit's submissions and lots by status, searchable by plate or VIN. Plain
 * (docs/decisions/056-account-pages-without-antd.md).
 */
export default function AuctionOrderPage() {
  const user = useSession();
  const [tab, setTab] = useState<string>('all');
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState('');
  const [keyword, setKeyword] = useState('');
  const statuses = [...(disposal.ORDER_TABS.find((t) => t.key === tab)?.statuses ?? [])];
  const { data, isFetching, error } = useSellerOrders(page, statuses, keyword);
  const empty = data && data.total === 0 && tab === 'all' && !keyword;
  const search = (e: FormEvent) => {
    e.preventDefault();
    setKeyword(draft.trim());
    setPage(1);
  };
  return (
    <div className="center-body">
      <div className="center-title">拍卖订单</div>
      {empty ? (
        <div className="plain-result seller-empty">
          <Icon icon={FileSearchOutlined} className="seller-empty-icon" />
          <h2 className="plain-result-title">暂无拍卖订单</h2>
          <p className="muted">
            {user?.businessUnitName ?? '本单位'}
            还没有提交过处置车辆。提交的车辆经平台审核后，拍卖订单会显示在这里。
          </p>
          <Link className="btn btn-primary" to="/disposeCar" data-testid="go-dispose">
            我要处置车辆
          </Link>
        </div>
      ) : (
        <Tabs
          label="订单状态"
          items={TABS}
          active={tab}
          onChange={(k) => {
            setTab(k);
            setPage(1);
          }}
        >
          <form className="order-search" role="search" onSubmit={search}>
            <input
              type="search"
              className="plain-input"
              aria-label="按车牌号或车架号搜索"
              placeholder="按车牌号或车架号搜索"
              maxLength={20}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
            <button type="submit" className="btn btn-primary">
              搜索
            </button>
          </form>
          {error && <Notice type="error" message={error.message} />}
          <div className={isFetching ? 'order-results loading' : 'order-results'} aria-busy={isFetching}>
            {data?.list.length ? (
              <ul className="order-list">
                {data.list.map((o) => (
                  <OrderCard key={o.orderId} order={o} />
                ))}
              </ul>
            ) : data ? (
              <div className="plain-result" role="status">
                <p className="plain-result-title">没有符合条件的订单</p>
              </div>
            ) : null}
            {isFetching ? <Spinner /> : null}
          </div>
          <Pager
            current={page}
            pageSize={10}
            total={data?.total ?? 0}
            onChange={setPage}
            hideOnSinglePage
            end
          />
        </Tabs>
      )}
    </div>
  );
}
