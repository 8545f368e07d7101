import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AlertBanner } from '../../src/features/shell/components/alert-banner';

afterEach(cleanup);

describe('homepage alert banner (settings alert_homepage_bool / alert_homepage_text)', () => {
  it('shows the text when the setting is on', () => {
    render(<AlertBanner enabled text="Fermé le 25 décembre" />);
    expect(screen.getByRole('status').textContent).toBe('Fermé le 25 décembre');
  });

  it('hides when switched off or without text', () => {
    const { container, rerender } = render(<AlertBanner enabled={false} text="Fermé le 25 décembre" />);
    expect(container.innerHTML).toBe('');
    rerender(<AlertBanner enabled text="" />);
    expect(container.innerHTML).toBe('');
  });
});
