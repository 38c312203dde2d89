import { paris } from '@bilan/engine';
import { TableHead } from '../ui/TableHead';
import { adminApi } from './adminApi';
import { useAdminData } from './useAdminData';

const COLUMNS = ['Date', 'Destinataire', 'Objet', 'Tentatives', 'Dernière erreur'];

/** « E-mails non distribués »: the messages the queue gave up on, so the admin can act on them. */
export function FailedEmailsPanel({ revision }: { revision: number }) {
  // A failed read is not reported, as for the invitations' list: the stats panel, read at the same
  // time, says when the server refuses the admin.
  const failed = useAdminData(adminApi.failedEmails, revision).data ?? [];
  return (
    <section aria-labelledby="failed-title" className="card">
      <h2 id="failed-title">E-mails non distribués</h2>
      {failed.length === 0 ? (
        <p>Aucun e-mail en échec définitif.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <TableHead columns={COLUMNS} />
            <tbody>
              {failed.map((m) => (
                <tr key={m.id}>
                  <td>{paris.numericDateTime(m.createdAt)}</td>
                  <td>{m.to}</td>
                  <td>{m.subject}</td>
                  <td>{m.attempts}</td>
                  <td>{m.lastError ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
