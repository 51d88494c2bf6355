import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { ActiveSessions } from '../../../components/active-sessions';
import { SecurityItem } from '../../../components/security-item';
import { useSellerInfo } from '../api/seller-api';
import '../sellers.css';

/** 安全设置 (sellers): the password lives at the identity provider; devices can be signed out here. */
export default function SellerSecurityPage() {
  const { data } = useSellerInfo();
  return (
    <div className="center-body">
      <div className="center-title">安全设置</div>
      <div className="security-list">
        <SecurityItem icon={SafetyCertificateOutlined} name="统一身份认证">
          您通过统一身份认证登录，登录密码由认证服务管理，请在本单位的认证服务中修改。退出登录时会同时退出统一身份认证。
        </SecurityItem>
        <SecurityItem icon={MobileOutlined} name="手机号">
          {data?.seller.tel ? `已登记 ${data.seller.tel}` : '未登记'}
          ，用于接收修改收款信息等操作的验证码。
        </SecurityItem>
      </div>
      <div className="center-subtitle">登录设备</div>
      <ActiveSessions />
    </div>
  );
}
