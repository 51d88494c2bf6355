import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import { useState } from 'react';
import { ActiveSessions } from '../../../components/active-sessions';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';
import { Icon } from '../../../components/plain/icon';
import { useUserInfo } from '../api/profile-api';
import '../personal-center.css';

// The dialogs are forms on antd's Form: they and antd load when one first opens (decision 055).
const loadPassword = () => import('../components/change-password-modal');
const loadPhone = () => import('../components/change-phone-modal');
const ChangePasswordModal = lazyWithAntd(async () => ({
  default: (await loadPassword()).ChangePasswordModal,
}));
const ChangePhoneModal = lazyWithAntd(async () => ({ default: (await loadPhone()).ChangePhoneModal }));

type Dialog = 'password' | 'phone';

/** 安全设置: login password and bound phone, and the devices signed in. */
export default function SecuritySettingsPage() {
  const { data: user } = useUserInfo();
  const [open, setOpen] = useState<Dialog | null>(null);
  // A dialog stays mounted once opened, so that it can play its closing animation.
  const [opened, setOpened] = useState<ReadonlySet<Dialog>>(new Set());
  const show = (d: Dialog) => {
    setOpened((s) => new Set(s).add(d));
    setOpen(d);
  };
  return (
    <div className="center-body">
      <div className="center-title">安全设置</div>
      <div className="security-list">
        <div className="security-item">
          <Icon icon={LockOutlined} />
          <div className="security-main">
            <div className="security-name">登录密码</div>
            <div className="security-desc">
              建议定期更换密码，密码须为8-20位并同时包含数字、小写字母和大写字母。修改后需重新登录。
            </div>
          </div>
          <button
            type="button"
            className="btn"
            onClick={() => show('password')}
            onPointerEnter={() => void loadPassword()}
            onFocus={() => void loadPassword()}
          >
            修改密码
          </button>
        </div>
        <div className="security-item">
          <Icon icon={MobileOutlined} />
          <div className="security-main">
            <div className="security-name">绑定手机</div>
            <div className="security-desc">
              已绑定 {user?.tel ?? '—'}，可用于登录、找回密码和接收竞拍通知。
            </div>
          </div>
          <button
            type="button"
            className="btn"
            onClick={() => show('phone')}
            onPointerEnter={() => void loadPhone()}
            onFocus={() => void loadPhone()}
          >
            更换手机
          </button>
        </div>
        <div className="security-item">
          <Icon icon={SafetyCertificateOutlined} />
          <div className="security-main">
            <div className="security-name">实名登记</div>
            <div className="security-desc">{user ? `${user.realName}，身份证号 ${user.idCardNo}` : '—'}</div>
          </div>
          <span className="tag tag-green security-state">已登记</span>
        </div>
      </div>
      <div className="center-subtitle">登录设备</div>
      <ActiveSessions />
      {opened.has('password') ? (
        <ChangePasswordModal open={open === 'password'} onClose={() => setOpen(null)} />
      ) : null}
      {opened.has('phone') ? (
        <ChangePhoneModal
          open={open === 'phone'}
          onClose={() => setOpen(null)}
          currentTel={user?.tel ?? ''}
        />
      ) : null}
    </div>
  );
}
