// `pnpm bench`, against the real server: the pharmacist's list and month counts, the admin's
// statistics and the export, over many forms written straight into its database.
import { firstAdminId, insertBulkForms, mintStaffToken } from '../../api/test/reliability/bulkForms';
import type { ServerProcess } from '../../api/test/reliability/serverProcess';
import { median, notes, record, section, timed } from './report';
import { peakMb, resetPeak, rssMb } from './system';

/**
 * fetch, tried a second time when the server closed an idle keep-alive socket just as it was
 * reused (its keepAliveTimeout is 5 s, and the bulk insert leaves the connections idle longer).
 */
async function fetchOnce(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    const code = (err as { cause?: { code?: string } }).cause?.code;
    if (code !== 'UND_ERR_SOCKET' && code !== 'ECONNRESET') throw err;
    return fetch(url, init);
  }
}

/**
 * Dashboards over 100,000 forms of 200 pharmacies (20,000 in quick mode), and the export of the
 * largest on that server; answers what measureExport needs to export it again.
 */
export async function measureDashboards(
  server: ServerProcess,
  env: Record<string, string>,
  quick: boolean,
): Promise<{ bigToken: string; exportForms: number }> {
  const url = server.url;
  const totalForms = quick ? 20_000 : 100_000;
  const exportForms = quick ? 2_000 : 10_000;
  const others = 199;
  const per = Math.floor((totalForms - exportForms) / others);
  const plan = [
    exportForms,
    ...Array.from({ length: others }, (_, i) => per + (i < totalForms - exportForms - per * others ? 1 : 0)),
  ];
  const bulk = insertBulkForms(env.DATABASE_FILE as string, {
    formsPerPharmacy: plan,
    now: new Date(),
    spreadDays: 365,
    placeholderDocuments: true,
  });
  notes.push(
    `données : ${bulk.forms} formulaires insérés en ${(bulk.ms / 1000).toFixed(1)} s (${plan[0]} pour la pharmacie de l’export, ${per}–${per + 1} pour les autres)`,
  );
  const bigId = bulk.pharmacyIds[0] as number;
  const typicalId = bulk.pharmacyIds[1] as number;
  const adminId = firstAdminId(env.DATABASE_FILE as string);
  const jwt = env.JWT_SECRET as string;
  const typicalToken = mintStaffToken(env.DATABASE_FILE as string, jwt, typicalId);
  const bigToken = mintStaffToken(env.DATABASE_FILE as string, jwt, bigId);
  const adminToken = mintStaffToken(env.DATABASE_FILE as string, jwt, adminId);
  const getMs = async (path: string, token: string, runs: number) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 1; i++) {
      const [res, ms] = await timed(() =>
        fetchOnce(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({
          status: r.status,
          size: (await r.arrayBuffer()).byteLength,
        })),
      );
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (i > 0) times.push(ms);
    }
    return median(times);
  };
  record('dashboardListMs', await getMs('/api/responses/grouped', typicalToken, 5));
  record('dashboardListBigMs', await getMs('/api/responses/grouped', bigToken, 5));
  record('adminStatsMs', await getMs('/api/admin/stats/pharmacies', adminToken, 5));

  const warm = await exportOnce(server, bigToken);
  notes.push(
    `export sur le serveur des phases de débit : ${warm.seconds.toFixed(2)} s, mémoire résidente avant ${warm.rssBefore.toFixed(0)} Mo, pic ${warm.peak.toFixed(0)} Mo (le tas laissé par les 50 connexions, que V8 garde)`,
  );
  return { bigToken, exportForms };
}

/** One export of the big pharmacy: its time, size, and the server's resident memory before and at its peak. */
async function exportOnce(
  server: ServerProcess,
  token: string,
): Promise<{ seconds: number; size: number; rssBefore: number; peak: number }> {
  const pid = server.child.pid as number;
  resetPeak(pid);
  const rssBefore = rssMb(pid);
  const [size, exportMs] = await timed(async () => {
    const r = await fetchOnce(`${server.url}/api/utilisateurs/export`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (r.status !== 200) throw new Error(`export: ${r.status}`);
    return (await r.arrayBuffer()).byteLength;
  });
  return { seconds: exportMs / 1000, size, rssBefore, peak: peakMb(pid) };
}

/**
 * The export on a server started on the same database and left at rest 30 s (as the idle figure),
 * as a pharmacist meets it on an ordinary day: the figure is the export's own memory on a server
 * at rest, not the heap that the bench's 50-connection phases left behind (printed beside it by
 * measureDashboards).
 */
export async function measureExport(
  server: ServerProcess,
  token: string,
  exportForms: number,
  quick: boolean,
): Promise<void> {
  section(`Export XLSX d’une pharmacie de ${exportForms} formulaires (serveur redémarré sur la même base, au repos)`);
  await new Promise((resolve) => setTimeout(resolve, quick ? 5_000 : 30_000));
  const run = await exportOnce(server, token);
  record('exportSeconds', run.seconds);
  record('exportPeakMemoryMb', run.peak);
  notes.push(
    `export : ${(run.size / 1024 / 1024).toFixed(1)} Mo, mémoire résidente du serveur redémarré avant ${run.rssBefore.toFixed(0)} Mo, pic ${run.peak.toFixed(0)} Mo`,
  );
}
