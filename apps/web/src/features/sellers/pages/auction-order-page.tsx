import { FileSearchOutlined } from '@ant-design/icons';
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useSession } from '../../../lib/use-session';
import '../sellers.css';

/** 拍卖订单: the unit's submitted vehicles. None can be submitted yet, so the list is truly empty. */
export default function AuctionOrderPage() {
  const navigate = useNavigate();
  const user = useSession();
  return (
    <div className="center-body">
      <div className="center-title">拍卖订单</div>
      <Result
        className="seller-empty"
        icon={<FileSearchOutlined style={{ color: 'var(--brand)' }} />}
        title="暂无拍卖订单"
        subTitle={`${user?.businessUnitName ?? '本单位'}还没有提交过处置车辆。提交车辆并经平台审核后，拍卖订单会显示在这里。`}
        extra={
          <Button type="primary" onClick={() => void navigate('/disposeCar')} data-testid="go-dispose">
            我要处置车辆
          </Button>
        }
      />
    </div>
  );
}
