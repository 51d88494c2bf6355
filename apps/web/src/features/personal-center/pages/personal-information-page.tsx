import { accounts, SERVICE_PHONE } from '@chepai/shared';
import { Descriptions, Tag } from 'antd';
import { QueryState } from '../../../components/query-state';
import { useUserInfo } from '../api/profile-api';
import '../personal-center.css';

/** 个人信息: the real-name record, masked; it cannot be edited by the user once registered. */
export default function PersonalInformationPage() {
  const query = useUserInfo();
  const u = query.data;
  return (
    <div className="center-body">
      <div className="center-title">个人信息 {u ? <Tag color="success">已实名登记</Tag> : null}</div>
      <QueryState isLoading={query.isLoading} error={query.error}>
        {u ? (
          <Descriptions
            column={1}
            bordered
            size="middle"
            labelStyle={{ width: 180 }}
            data-testid="personal-info"
          >
            <Descriptions.Item label="竞买人类型">{accounts.BIDDER_TYPES[u.bidderType]}</Descriptions.Item>
            {u.bidderType === 'company' ? (
              <>
                <Descriptions.Item label="企业名称">{u.companyName}</Descriptions.Item>
                <Descriptions.Item label="统一社会信用代码">{u.creditCode}</Descriptions.Item>
              </>
            ) : null}
            <Descriptions.Item label={u.bidderType === 'company' ? '经办人姓名' : '真实姓名'}>
              {u.realName}
            </Descriptions.Item>
            <Descriptions.Item label="身份证号">{u.idCardNo}</Descriptions.Item>
            <Descriptions.Item label="绑定手机">{u.tel}</Descriptions.Item>
            <Descriptions.Item label="注册时间">{u.registeredAt}</Descriptions.Item>
          </Descriptions>
        ) : null}
      </QueryState>
      <div className="center-note">
        实名信息提交后不能自行修改。如需变更，请联系客服 {SERVICE_PHONE}。更换绑定手机请前往“安全设置”。
      </div>
    </div>
  );
}
