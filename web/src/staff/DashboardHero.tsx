import type { ReactNode } from 'react';

interface Props {
  titleId: string;
  title: string;
  /** Who is signed in (the pharmacy's name, the admin's e-mail). */
  subtitle: string;
  onLogout: () => void;
  /** Actions shown before "Se déconnecter". */
  children?: ReactNode;
}

/** The band at the top of a staff dashboard: its title, who is signed in, actions and logout. */
export function DashboardHero({ titleId, title, subtitle, onLogout, children }: Props) {
  return (
    <section className="dashboard-hero" aria-labelledby={titleId}>
      <div className="container dashboard-hero-inner">
        <div>
          <h1 id={titleId}>{title}</h1>
          <p className="dashboard-subtitle">{subtitle}</p>
        </div>
        <div className="dashboard-hero-actions">
          {children}
          <button type="button" className="btn btn-secondary" onClick={onLogout}>
            Se déconnecter
          </button>
        </div>
      </div>
    </section>
  );
}
