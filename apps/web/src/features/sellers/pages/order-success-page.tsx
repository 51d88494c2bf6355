import { Button, Result, Steps } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useSellerOrder } from '../api/order-api';
import '../dispose/dispose.css';

const NEXT = [
  { title: '平台审核', description: '1–2 个工作日内完成，结果在拍卖订单中查看' },
  { title: '排期公告', description: '审核通过后安排拍卖场次，拍品进入预告' },
  { title: '报名与竞价', description: '竞买人缴纳保证金后参与网络竞价' },
  { title: '成交交车', description: '买受人付款后交车过户，平台结算车款' },
];

/** 提交成功: the submission number, what happens next, and where to follow it. */
export default function OrderSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderId = params.get('orderId') ?? '';
  const { data: order } = useSellerOrder(orderId);
  const resubmitted = params.get('resubmitted') === '1';
  return (
    <div className="container">
      <div className="panel order-success" data-testid="order-success">
        <Result
          status="success"
          title={resubmitted ? '已重新提交，等待平台审核' : '提交成功，等待平台审核'}
          subTitle={
            <>
              提交编号 <b data-testid="order-success-id">{orderId || '—'}</b>
              {order && (
                <>
                  {' · '}
                  {order.title} · {order.plateNo}
                </>
              )}
            </>
          }
          extra={[
            <Button type="primary" key="detail" onClick={() => void navigate(`/detailInfo/${orderId}`)}>
              查看订单进度
            </Button>,
            <Button key="more" onClick={() => void navigate('/disposeCar')}>
              继续处置车辆
            </Button>,
          ]}
        />
        <div className="order-success-next">
          <h2>接下来</h2>
          <Steps direction="vertical" size="small" current={0} items={NEXT} />
          <p className="muted">
            审核结果会显示在 <Link to="/personalCenter/auctionOrder">个人中心 · 拍卖订单</Link>{' '}
            中；审核通过前可随时撤回提交。
          </p>
        </div>
      </div>
    </div>
  );
}
