import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SANDBOX_PAYMENT_TEXT, SandboxPaymentNotice } from './sandbox-payment-notice';

afterEach(cleanup);

describe('SandboxPaymentNotice', () => {
  it('says the payment is a sandbox one when the server says so', () => {
    render(<SandboxPaymentNotice sandbox />);
    expect(screen.getByRole('alert').textContent).toContain(SANDBOX_PAYMENT_TEXT);
    expect(SANDBOX_PAYMENT_TEXT).toMatch(/沙箱.*不会真实扣款/);
  });

  it('shows nothing for a real provider or before the server has answered', () => {
    for (const sandbox of [false, undefined]) {
      const { container } = render(<SandboxPaymentNotice sandbox={sandbox} />);
      expect(container.textContent).toBe('');
      expect(screen.queryByRole('alert')).toBeNull();
      cleanup();
    }
  });
});
