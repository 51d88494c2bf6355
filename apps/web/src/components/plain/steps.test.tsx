import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Steps } from './steps';

afterEach(cleanup);

const states = () =>
  screen.getAllByRole('listitem').map((li) => ({
    text: li.textContent,
    current: li.getAttribute('aria-current'),
  }));

describe('plain Steps', () => {
  it('marks the steps before the current one done, the current one as the step, with their lines', () => {
    render(
      <Steps
        current={1}
        items={[
          { title: '竞价成交', description: '2026-11-30 13:01' },
          { title: '签署确认书', description: '截止 12-01 13:01' },
          '付清余款',
        ]}
      />,
    );
    expect(states()).toEqual([
      { text: '✓竞价成交（已完成）2026-11-30 13:01', current: null },
      { text: '2签署确认书截止 12-01 13:01', current: 'step' },
      { text: '3付清余款', current: null },
    ]);
  });

  it('a failed current step is crossed and read as not done; current past the end: all done', () => {
    const { rerender } = render(
      <Steps current={1} status="error" items={['竞价成交', '签署确认书', '付清余款']} />,
    );
    expect(states()[1]).toEqual({ text: '✕签署确认书（未完成）', current: 'step' });
    expect(screen.getAllByRole('listitem')[1]?.className).toBe('current failed');
    rerender(<Steps current={3} items={['竞价成交', '签署确认书', '付清余款']} />);
    expect(states().map((s) => s.text)).toEqual([
      '✓竞价成交（已完成）',
      '✓签署确认书（已完成）',
      '✓付清余款（已完成）',
    ]);
  });

  it('stacks on a phone only when asked', () => {
    const { rerender } = render(<Steps current={0} items={['a', 'b']} />);
    expect(screen.getByRole('list').className).toBe('plain-steps');
    rerender(<Steps current={0} items={['a', 'b']} stack className="deal-steps" />);
    expect(screen.getByRole('list').className).toBe('plain-steps stack deal-steps');
  });
});
