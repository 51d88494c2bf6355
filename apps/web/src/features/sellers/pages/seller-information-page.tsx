import { SERVICE_PHONE } from '@chepai/shared';
import { Descriptions, Tag } from 'antd';
import { QueryState } from '../../../components/query-state';
import { useSellerInfo } from '../api/seller-api';
import '../sellers.css';

/** 个人信息 (sellers): the person from the identity provider, the unit the session acts for. */
export default function SellerInformationPage() {
  const query = useSellerInfo();
  const d = query.data;
  const unit = d?.units.find((u) => u.businessUnitId === d.current);
  return (
    <div className="center-body">
      <div className="center-title">
        个人信息 <Tag color="orange">统一身份认证</Tag>
      </div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {d ? (
          <Descriptions
            column={1}
            bordered
            size="middle"
            labelStyle={{ width: 180 }}
            data-testid="seller-info"
          >
            <Descriptions.Item label="姓名">{d.seller.sellerName}</Descriptions.Item>
            <Descriptions.Item label="手机号">{d.seller.tel || '未登记'}</Descriptions.Item>
            <Descriptions.Item label="当前处置单位">{unit?.businessUnitName ?? '未选择'}</Descriptions.Item>
            <Descriptions.Item label="单位类型">{unit?.orgType ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="统一社会信用代码">{unit?.creditCode || '—'}</Descriptions.Item>
            <Descriptions.Item label="单位地址">{unit?.address || '—'}</Descriptions.Item>
            <Descriptions.Item label="关联单位">
              {d.units.map((u) => u.businessUnitName).join('、')}
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </QueryState>
      <div className="center-note">
        姓名和手机号来自统一身份认证，如需修改请联系本单位的账号管理员；单位信息变更请联系平台客服{' '}
        {SERVICE_PHONE}。 账号关联多个单位时，可在页面顶部的“切换账号”中切换。
      </div>
    </div>
  );
}
