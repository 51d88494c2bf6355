import { LockOutlined, MobileOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { ActiveSessions } from '../../../components/active-sessions';
import { ChangePasswordModal } from '../components/change-password-modal';
import { ChangePhoneModal } from '../components/change-phone-modal';
import { useUserInfo } from '../api/profile-api';
import '../personal-center.css';

/** 安全设置: login password and bound phone. */
export default function SecuritySettingsPage() {
  const { data: user } = useUserInfo();
  const [open, setOpen] = useState<'password' | 'phone' | null>(null);
  return (
    <div className="center-body">
      <div className="center-title">安全设置</div>
      <div className="security-list">
        <div className="security-item">
          <LockOutlined />
          <div className="security-main">
            <div className="security-name">登录密码</div>
            <div className="security-desc">
              建议定期更换密码，密码须为8-20位并同时包含数字、小写字母和大写字母。修改后需重新登录。
            </div>
          </div>
          <Button onClick={() => setOpen('password')}>修改密码</Button>
        </div>
        <div className="security-item">
          <MobileOutlined />
          <div className="security-main">
            <div className="security-name">绑定手机</div>
            <div className="security-desc">
              已绑定 {user?.tel ?? '—'}，可用于登录、找回密码和接收竞拍通知。
            </div>
          </div>
          <Button onClick={() => setOpen('phone')}>更换手机</Button>
        </div>
        <div className="security-item">
          <SafetyCertificateOutlined />
          <div className="security-main">
            <div className="security-name">实名登记</div>
            <div className="security-desc">{user ? `${user.realName}，身份证号 ${user.idCardNo}` : '—'}</div>
          </div>
          <Button type="link" disabled>
            已登记
          </Button>
        </div>
      </div>
      <div className="center-subtitle">登录设备</div>
      <ActiveSessions />
      <ChangePasswordModal open={open === 'password'} onClose={() => setOpen(null)} />
      <ChangePhoneModal open={open === 'phone'} onClose={() => setOpen(null)} currentTel={user?.tel ?? ''} />
    </div>
  );
}
