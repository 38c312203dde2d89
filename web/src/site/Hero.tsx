import type { ReactNode } from 'react';
import './site.css';

export interface HeroProps {
  title: string;
  subtitle?: string;
  /** Calls to action shown under the subtitle. */
  children?: ReactNode;
  /** Heading level: the page's h1 by default. */
  level?: 1 | 2;
}

/** Decorative blue banner with the page title; the artwork is pure SVG and hidden from assistive technologies. */
export function Hero({ title, subtitle, children, level = 1 }: HeroProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <section className="hero" aria-labelledby="hero-title">
      <svg
        className="hero-art"
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 400 200"
        preserveAspectRatio="xMidYMid slice"
      >
        <circle cx="340" cy="30" r="90" fill="#ffffff" opacity="0.08" />
        <circle cx="40" cy="190" r="70" fill="#ffffff" opacity="0.07" />
        <path
          d="M0 160 C 80 130, 160 190, 240 160 S 360 130, 400 150 L 400 200 L 0 200 Z"
          fill="#ffffff"
          opacity="0.1"
        />
        <g transform="translate(330 120)" opacity="0.18" fill="#ffffff">
          <rect x="-8" y="-26" width="16" height="52" rx="3" />
          <rect x="-26" y="-8" width="52" height="16" rx="3" />
        </g>
        <path d="M20 40 h28 l8 -14 l10 28 l8 -14 h26" fill="none" stroke="#ffffff" strokeWidth="3" opacity="0.2" />
      </svg>
      <div className="container hero-content">
        <Heading id="hero-title" className="hero-title">
          {title}
        </Heading>
        {subtitle ? <p className="hero-subtitle">{subtitle}</p> : null}
        {children ? <div className="hero-actions">{children}</div> : null}
      </div>
    </section>
  );
}
