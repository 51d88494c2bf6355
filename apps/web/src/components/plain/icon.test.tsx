import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import type { AbstractNode } from '@ant-design/icons-svg/es/types';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Icon } from './icon';

afterEach(cleanup);

describe('plain Icon', () => {
  it("draws antd's path data in the text's colour, 1em square, hidden from screen readers", () => {
    const { container } = render(<Icon icon={LockOutlined} className="big" />);
    const wrap = container.firstElementChild as HTMLElement;
    expect(wrap.className).toBe('plain-icon big');
    expect(wrap.getAttribute('aria-hidden')).toBe('true');
    const svg = wrap.querySelector('svg') as SVGElement;
    expect(svg.getAttribute('viewBox')).toBe('64 64 896 896');
    expect(svg.getAttribute('fill')).toBe('currentColor');
    expect(svg.getAttribute('width')).toBe('1em');
    const paths = [...svg.querySelectorAll('path')].map((p) => p.getAttribute('d'));
    const icon = LockOutlined.icon as AbstractNode;
    expect(paths).toEqual((icon.children ?? []).map((c) => c.attrs.d));
  });
});
