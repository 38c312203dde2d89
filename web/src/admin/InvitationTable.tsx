import { paris } from '@bilan/engine';
import { EmptyRow } from '../ui/EmptyRow';
import { TableHead } from '../ui/TableHead';
import type { Invitation } from './adminApi';
import { copyLink } from './copyLink';

const STATUS_LABELS: Record<Invitation['status'], string> = {
  active: 'En attente',
  used: 'Utilisée',
  expired: 'Expirée',
};

const COLUMNS = ['E-mail', 'Créée le', 'Expire le', 'Statut', 'Lien', 'Envoi'];

interface Props {
  invitations: Invitation[];
  /** The links created in this page, by invitation: the server never shows one again. */
  links: Record<number, string>;
  /** The invitation being sent again, if any: one at a time. */
  resending: number | null;
  onResend: (invitation: Invitation) => void;
}

/** The invitations sent, how many wait, and for each its link (if just created) or a new e-mail. */
export function InvitationTable({ invitations, links, resending, onResend }: Props) {
  const pending = invitations.filter((i) => i.status === 'active').length;
  return (
    <>
      <h3>
        Invitations{' '}
        <span className="hint">
          ({pending === 0 ? 'aucune en attente' : pending === 1 ? '1 en attente' : `${pending} en attente`})
        </span>
      </h3>
      <div className="table-scroll">
        <table>
          <TableHead columns={COLUMNS} />
          <tbody>
            {invitations.length === 0 ? <EmptyRow columns={COLUMNS.length} text="Aucune invitation." /> : null}
            {invitations.map((inv) => (
              <tr key={inv.id}>
                <td>{inv.email ?? '—'}</td>
                <td>{paris.numericDateTime(inv.createdAt)}</td>
                <td>{paris.numericDateTime(inv.expiresAt)}</td>
                <td>
                  <span className={`status status-${inv.status}`}>{STATUS_LABELS[inv.status]}</span>
                  {inv.usedAt ? <span className="hint"> le {paris.frenchDate(inv.usedAt)}</span> : null}
                </td>
                <td>
                  {links[inv.id] && inv.status === 'active' ? (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      onClick={() => void copyLink(links[inv.id] ?? '')}
                    >
                      Copier le lien<span className="visually-hidden"> de l’invitation {inv.email ?? inv.id}</span>
                    </button>
                  ) : (
                    <span className="hint">Affiché seulement à la création</span>
                  )}
                </td>
                <td>
                  {inv.email && inv.status !== 'used' ? (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={resending !== null}
                      aria-busy={resending === inv.id}
                      onClick={() => onResend(inv)}
                    >
                      Renvoyer l’invitation<span className="visually-hidden"> à {inv.email}</span>
                    </button>
                  ) : (
                    <span className="hint">—</span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
