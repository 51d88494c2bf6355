import { SERVICE_PHONE } from '@chepai/shared';
import { Descriptions } from '../../../components/plain/descriptions';
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
        个人信息 <span className="tag tag-orange">统一身份认证</span>
      </div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {d ? (
          <Descriptions
            data-testid="seller-info"
            items={[
              { label: '姓名', children: d.seller.sellerName },
              { label: '手机号', children: d.seller.tel || '未登记' },
              { label: '当前处置单位', children: unit?.businessUnitName ?? '未选择' },
              { label: '单位类型', children: unit?.orgType ?? '—' },
              { label: '统一社会信用代码', children: unit?.creditCode || '—' },
              { label: '单位地址', children: unit?.address || '—' },
              { label: '关联单位', children: d.units.map((x) => x.businessUnitName).join('、') },
            ]}
          />
        ) : null}
      </QueryState>
      <div className="center-note">
        姓名和手机号来自统一身份认证，如需修改请联系本单位的账号管理员；单位信息变更请联系平台客服{' '}
        {SERVICE_PHONE}。 账号关联多个单位时，可在页面顶部的“切换账号”中切换。
      </div>
    </div>
  );
}
