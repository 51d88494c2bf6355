import { idCardCheckChar } from '@chepai/shared';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { register } from '../api/auth-api';
import BuyerRegistrationPage from './buyer-registration-page';

vi.mock('../api/auth-api', () => ({ register: vi.fn(), sendRegisterCode: vi.fn() }));
vi.mock('../api/content-links', () => ({
  useAgreementLinks: () => ({ rules: '/supportDetail/1', privacy: '/supportDetail/2' }),
}));

// jsdom has no scrolling; the page scrolls to the top to show 注册成功.
window.scrollTo = () => undefined;
afterEach(() => {
  cleanup();
  vi.mocked(register).mockReset();
});

const first17 = '44030419900615231';
const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('竞买人注册', () => {
  it('sends a company bidder as the contract takes it: trimmed, ID and credit code in capitals', async () => {
    vi.mocked(register).mockResolvedValue({ tel: '13912345678' });
    renderWithApp(<BuyerRegistrationPage />, { path: '/buyerRegistration' });
    type('手机号', ' 13912345678 ');
    type('短信验证码', '123456');
    type('登录密码', 'Chepai2026');
    type('确认密码', 'Chepai2026');
    fireEvent.click(screen.getByLabelText('企业竞买人'));
    type('企业名称', ' 杭州恒通汽车服务有限公司 ');
    type('统一社会信用代码', '91350100m000100y43');
    type('经办人姓名', '赵磊');
    type('经办人身份证号', `${first17}${idCardCheckChar(first17).toLowerCase()}`);
    fireEvent.click(screen.getByRole('button', { name: '同意协议并注册' }));
    expect(screen.getByRole('checkbox').getAttribute('aria-invalid')).toBe('true');
    expect(register).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '同意协议并注册' }));
    });
    expect(register).toHaveBeenCalledWith({
      tel: '13912345678',
      code: '123456',
      password: 'Chepai2026',
      realName: '赵磊',
      idCardNo: `${first17}${idCardCheckChar(first17)}`,
      agree: true,
      bidderType: 'company',
      companyName: '杭州恒通汽车服务有限公司',
      creditCode: '91350100M000100Y43',
    });
    await screen.findByText('注册成功');
  });

  it('asks for the company fields only of a company bidder', () => {
    renderWithApp(<BuyerRegistrationPage />, { path: '/buyerRegistration' });
    expect(screen.queryByLabelText('企业名称')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '同意协议并注册' }));
    expect(screen.getByLabelText('手机号').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('手机号'));
    expect(screen.queryByText('请输入营业执照上的企业名称')).toBeNull();
  });
});
