import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { Switch } from './switch';

afterEach(cleanup);

function Labelled() {
  const [on, setOn] = useState(false);
  return (
    <label>
      <Switch checked={on} onChange={setOn} label="只看未读" />
      <span aria-hidden="true">只看未读</span>
    </label>
  );
}

describe('plain Switch', () => {
  it('is a switch named by its label, turned by a click on it or on the text beside it', () => {
    render(<Labelled />);
    const sw = screen.getByRole('switch', { name: '只看未读' });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    fireEvent.click(sw);
    expect(sw.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByText('只看未读'));
    expect(sw.getAttribute('aria-checked')).toBe('false');
  });
});
