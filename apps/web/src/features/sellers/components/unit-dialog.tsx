import { BankOutlined, CheckCircleFilled } from '@ant-design/icons';
import type { sellers } from '@chepai/shared';
import { Button, Empty, Modal, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useSellerActions, useSellerInfo } from '../api/seller-api';
import '../sellers.css';
import { useFeedback } from '../../../components/feedback';

interface Props {
  open: boolean;
  /** `choose`: after login, a seller of several units picks one (cannot be dismissed). `switch`: 切换账号. */
  mode: 'choose' | 'switch';
  onClose?: () => void;
  onLogout?: () => void;
}

/** The two company dialogs: choose the unit to enter, and switch to another (当前登录 marks the current). */
export function UnitDialog({ open, mode, onClose, onLogout }: Props) {
  const query = useSellerInfo(open);
  const { switchUnit } = useSellerActions();
  const { message } = useFeedback();
  const [busy, setBusy] = useState<string | null>(null);
  const current = query.data?.current ?? null;

  const pick = async (unit: sellers.SellerUnit) => {
    if (unit.businessUnitId === current) return onClose?.();
    setBusy(unit.businessUnitId);
    try {
      await switchUnit(unit.businessUnitId);
      void message.success(
        mode === 'choose' ? `已进入${unit.businessUnitName}` : `已切换到${unit.businessUnitName}`,
      );
      onClose?.();
    } catch {
      /* the request layer has said why */
    } finally {
      setBusy(null);
    }
  };

  return (
    <Modal
      open={open}
      title={mode === 'choose' ? '请选择要进入的处置单位' : '切换账号'}
      onCancel={mode === 'switch' ? onClose : undefined}
      closable={mode === 'switch'}
      maskClosable={mode === 'switch'}
      keyboard={mode === 'switch'}
      footer={mode === 'choose' ? <Button onClick={onLogout}>退出登录</Button> : null}
      width={560}
      destroyOnHidden
    >
      <p className="unit-dialog-hint">
        {mode === 'choose'
          ? `${query.data?.seller.sellerName ?? ''}，您的账号关联了多个处置单位，请选择本次要代表的单位。`
          : '选择要切换到的处置单位，切换后查看和办理的都是该单位的业务。'}
      </p>
      {query.isLoading ? (
        <Skeleton active />
      ) : !query.data?.units.length ? (
        <Empty description="没有可选择的处置单位" />
      ) : (
        <ul className="unit-list" data-testid={`unit-dialog-${mode}`}>
          {query.data.units.map((u) => {
            const isCurrent = u.businessUnitId === current;
            return (
              <li key={u.businessUnitId}>
                <button
                  type="button"
                  className={`unit-item${isCurrent ? ' current' : ''}`}
                  disabled={busy !== null}
                  onClick={() => void pick(u)}
                >
                  <BankOutlined className="unit-icon" />
                  <span className="unit-main">
                    <span className="unit-name">{u.businessUnitName}</span>
                    <span className="unit-meta">
                      {u.orgType}
                      {u.creditCode ? ` · ${u.creditCode}` : ''}
                    </span>
                  </span>
                  {isCurrent ? (
                    <Tag color="orange" icon={<CheckCircleFilled />}>
                      当前登录
                    </Tag>
                  ) : (
                    <span className="unit-enter">{busy === u.businessUnitId ? '进入中…' : '进入'}</span>
                  )}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </Modal>
  );
}
