import { Link, useSearchParams } from 'react-router';
import { useSellerOrder } from '../api/order-api';
import './order-success.css';

const NEXT = [
  { title: '平台审核', description: '1–2 个工作日内完成，结果在拍卖订单中查看' },
  { title: '排期公告', description: '审核通过后安排拍卖场次，拍品进入预告' },
  { title: '报名与竞价', description: '竞买人缴纳保证金后参与网络竞价' },
  { title: '成交交车', description: '买受人付款后交车过户，平台结算车款' },
];

/**
 * 提交成功: the submission number, what happens next, and where to follow it. Plain elements, no
 * antd (the route is `plain`: docs/decisions/033-a-first-load-without-antd.md), so a seller's phone
 * loads no more than the page needs.
 */
export default function OrderSuccessPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const { data: order } = useSellerOrder(orderId);
  const resubmitted = params.get('resubmitted') === '1';
  return (
    <div className="container">
      <div className="panel order-success" data-testid="order-success">
        <div className="order-success-result" role="status">
          <span className="order-success-icon" aria-hidden="true">
            ✓
          </span>
          <h1>{resubmitted ? '已重新提交，等待平台审核' : '提交成功，等待平台审核'}</h1>
          <p className="muted">
            提交编号 <b data-testid="order-success-id">{orderId || '—'}</b>
            {order && (
              <>
                {' · '}
                {order.title} · {order.plateNo}
              </>
            )}
          </p>
          <div className="order-success-actions">
            <Link className="btn btn-primary btn-large" to={`/detailInfo/${orderId}`}>
              查看订单进度
            </Link>
            <Link className="btn btn-large" to="/disposeCar">
              继续处置车辆
            </Link>
          </div>
        </div>
        <div className="order-success-next">
          <h2>接下来</h2>
          <ol className="order-success-steps">
            {NEXT.map((step, i) => (
              <li
                key={step.title}
                className={i === 0 ? 'current' : undefined}
                aria-current={i === 0 ? 'step' : undefined}
              >
                <span className="order-success-step-no" aria-hidden="true">
                  {i + 1}
                </span>
                <div>
                  <div className="order-success-step-title">{step.title}</div>
                  <div className="muted">{step.description}</div>
                </div>
              </li>
            ))}
          </ol>
          <p className="muted">
            审核结果会显示在 <Link to="/personalCenter/auctionOrder">个人中心 · 拍卖订单</Link>{' '}
            中；审核通过前可随时撤回提交。
          </p>
        </div>
      </div>
    </div>
  );
}
