import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Hero } from './Hero';

describe('Hero', () => {
  it('shows the title as the page heading, with the subtitle when given', () => {
    const { container } = render(<Hero title="Bienvenue" subtitle="Votre bilan en quelques minutes" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Bienvenue' })).toBeInTheDocument();
    expect(screen.getByText('Votre bilan en quelques minutes')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Bienvenue' })).toBe(container.querySelector('section.hero'));
  });

  it('renders no subtitle paragraph when none is given', () => {
    const { container } = render(<Hero title="Bienvenue" level={2} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Bienvenue' })).toBeInTheDocument();
    expect(container.querySelector('.hero-subtitle')).toBeNull();
  });

  it('hides its artwork from assistive technologies', () => {
    const { container } = render(<Hero title="Bienvenue" />);
    const art = container.querySelector('svg.hero-art');
    expect(art).toHaveAttribute('aria-hidden', 'true');
    expect(art).toHaveAttribute('focusable', 'false');
  });
});
