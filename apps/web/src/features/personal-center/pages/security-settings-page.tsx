import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import MobileOutlined from '@ant-design/icons-svg/es/asn/MobileOutlined';
import SafetyCertificateOutlined from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import type { ReactNode } from 'react';
import { ActiveSessions } from '../../../components/active-sessions';
import { lazyWithAntd } from '../../../components/antd-scope-lazy';
import { SecurityItem } from '../../../components/security-item';
import { useLazyDialog, type LazyDialog } from '../../../lib/use-lazy-dialog';
import { useUserInfo } from '../api/profile-api';
import '../personal-center.css';

// The dialogs are forms on antd's Form: they and antd load when one first opens (decision 056).
const LOAD = {
  password: () => import('../components/change-password-modal'),
  phone: () => import('../components/change-phone-modal'),
};
const ChangePasswordModal = lazyWithAntd(async () => ({
  default: (await LOAD.password()).ChangePasswordModal,
}));
const ChangePhoneModal = lazyWithAntd(async () => ({ default: (await LOAD.phone()).ChangePhoneModal }));

/** A security item's button: fetches its dialog on approach and opens it. */
function OpenButton({ dialog, children }: { dialog: LazyDialog; children: ReactNode }) {
  return (
    <button type="button" className="btn" {...dialog.trigger}>
      {children}
    </button>
  );
}

/** 安全设置: login password and bound phone, and the devices signed in. */
export default function SecuritySettingsPage() {
  const { data: user } = useUserInfo();
  // Each dialog's code is fetched as the pointer or the focus reaches its button.
  const password = useLazyDialog(LOAD.password);
  const phone = useLazyDialog(LOAD.phone);
  return (
    <div className="center-body">
      <div className="center-title">安全设置</div>
      <div className="security-list">
        <SecurityItem
          icon={LockOutlined}
          name="登录密码"
          action={<OpenButton dialog={password}>修改密码</OpenButton>}
        >
          建议定期更换密码，密码须为8-20位并同时包含数字、小写字母和大写字母。修改后需重新登录。
        </SecurityItem>
        <SecurityItem
          icon={MobileOutlined}
          name="绑定手机"
          action={<OpenButton dialog={phone}>更换手机</OpenButton>}
        >
          已绑定 {user?.tel ?? '—'}，可用于登录、找回密码和接收竞拍通知。
        </SecurityItem>
        <SecurityItem
          icon={SafetyCertificateOutlined}
          name="实名登记"
          action={<span className="tag tag-green security-state">已登记</span>}
        >
          {user ? `${user.realName}，身份证号 ${user.idCardNo}` : '—'}
        </SecurityItem>
      </div>
      <div className="center-subtitle">登录设备</div>
      <ActiveSessions />
      {password.mounted ? <ChangePasswordModal open={password.open} onClose={password.close} /> : null}
      {phone.mounted ? (
        <ChangePhoneModal open={phone.open} onClose={phone.close} currentTel={user?.tel ?? ''} />
      ) : null}
    </div>
  );
}
