import { FileSearchOutlined } from '@ant-design/icons';
import { disposal } from '@chepai/shared';
import { Alert, Button, Input, Pagination, Result, Spin, Tabs } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/use-session';
import { useSellerOrders } from '../api/order-api';
import { OrderCard } from '../components/order-card';
import '../sellers.css';

/** 拍卖订单: the unit's submissions and lots by status, searchable by plate or VIN. */
export default function AuctionOrderPage() {
  const navigate = useNavigate();
  const user = useSession();
  const [tab, setTab] = useState<string>('all');
  const [page, setPage] = useState(1);
  const [keyword, setKeyword] = useState('');
  const statuses = [...(disposal.ORDER_TABS.find((t) => t.key === tab)?.statuses ?? [])];
  const { data, isFetching, error } = useSellerOrders(page, statuses, keyword);
  const empty = data && data.total === 0 && tab === 'all' && !keyword;
  return (
    <div className="center-body">
      <div className="center-title">拍卖订单</div>
      {empty ? (
        <Result
          className="seller-empty"
          icon={<FileSearchOutlined style={{ color: 'var(--brand)' }} />}
          title="暂无拍卖订单"
          subTitle={`${user?.businessUnitName ?? '本单位'}还没有提交过处置车辆。提交的车辆经平台审核后，拍卖订单会显示在这里。`}
          extra={
            <Button type="primary" onClick={() => void navigate('/disposeCar')} data-testid="go-dispose">
              我要处置车辆
            </Button>
          }
        />
      ) : (
        <>
          <Tabs
            activeKey={tab}
            onChange={(k) => {
              setTab(k);
              setPage(1);
            }}
            items={disposal.ORDER_TABS.map((t) => ({ key: t.key, label: t.label }))}
          />
          <Input.Search
            className="order-search"
            placeholder="按车牌号或车架号搜索"
            allowClear
            maxLength={20}
            onSearch={(v) => {
              setKeyword(v.trim());
              setPage(1);
            }}
          />
          {error && <Alert type="error" showIcon message={error.message} />}
          <Spin spinning={isFetching}>
            {data?.list.length ? (
              <ul className="order-list">
                {data.list.map((o) => (
                  <OrderCard key={o.orderId} order={o} />
                ))}
              </ul>
            ) : (
              <Result status="info" title="没有符合条件的订单" />
            )}
          </Spin>
          <Pagination
            className="order-pages"
            current={page}
            pageSize={10}
            total={data?.total ?? 0}
            onChange={setPage}
            hideOnSinglePage
            showSizeChanger={false}
          />
        </>
      )}
    </div>
  );
}
