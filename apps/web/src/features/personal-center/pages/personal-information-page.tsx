import { accounts, SERVICE_PHONE } from '@chepai/shared';
import { Descriptions } from '../../../components/plain/descriptions';
import { QueryState } from '../../../components/query-state';
import { useUserInfo } from '../api/profile-api';
import '../personal-center.css';

/** 个人信息: the real-name record, masked; it cannot be edited by the user once registered. */
export default function PersonalInformationPage() {
  const query = useUserInfo();
  const u = query.data;
  return (
    <div className="center-body">
      <div className="center-title">
        个人信息 {u ? <span className="tag tag-green">已实名登记</span> : null}
      </div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {u ? (
          <Descriptions
            data-testid="personal-info"
            items={[
              { label: '竞买人类型', children: accounts.BIDDER_TYPES[u.bidderType] },
              ...(u.bidderType === 'company'
                ? [
                    { label: '企业名称', children: u.companyName },
                    { label: '统一社会信用代码', children: u.creditCode },
                  ]
                : []),
              { label: u.bidderType === 'company' ? '经办人姓名' : '真实姓名', children: u.realName },
              { label: '身份证号', children: u.idCardNo },
              { label: '绑定手机', children: u.tel },
              { label: '注册时间', children: u.registeredAt },
            ]}
          />
        ) : null}
      </QueryState>
      <div className="center-note">
        实名信息提交后不能自行修改。如需变更，请联系客服 {SERVICE_PHONE}。更换绑定手机请前往“安全设置”。
      </div>
    </div>
  );
}
