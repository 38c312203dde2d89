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

/** Dashboards over 100,000 forms of 200 pharmacies (20,000 in quick mode), then the export of the largest. */
export async function measureDashboards(server: ServerProcess, env: Record<string, string>, quick: boolean): Promise<void> {
  const url = server.url;
  const totalForms = quick ? 20_000 : 100_000;
  const exportForms = quick ? 2_000 : 10_000;
  const others = 199;
  const per = Math.floor((totalForms - exportForms) / others);
  const plan = [exportForms, ...Array.from({ length: others }, (_, i) => per + (i < totalForms - exportForms - per * others ? 1 : 0))];
  const bulk = insertBulkForms(env.DATABASE_FILE as string, { formsPerPharmacy: plan, now: new Date(), spreadDays: 365 });
  notes.push(`données : ${bulk.forms} formulaires insérés en ${(bulk.ms / 1000).toFixed(1)} s (${plan[0]} pour la pharmacie de l’export, ${per}–${per + 1} pour les autres)`);
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
      const [res, ms] = await timed(() => fetchOnce(`${url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({ status: r.status, size: (await r.arrayBuffer()).byteLength })));
      if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
      if (i > 0) times.push(ms);
    }
    return median(times);
  };
  record('dashboardListMs', await getMs('/api/responses/grouped', typicalToken, 5));
  record('dashboardListBigMs', await getMs('/api/responses/grouped', bigToken, 5));
  record('adminStatsMs', await getMs('/api/admin/stats/pharmacies', adminToken, 5));

  section(`Export XLSX d’une pharmacie de ${exportForms} formulaires`);
  const pid = server.child.pid as number;
  resetPeak(pid);
  const rssBefore = rssMb(pid);
  const [size, exportMs] = await timed(async () => {
    const r = await fetchOnce(`${url}/api/utilisateurs/export`, { headers: { authorization: `Bearer ${bigToken}` } });
    if (r.status !== 200) throw new Error(`export: ${r.status}`);
    return (await r.arrayBuffer()).byteLength;
  });
  record('exportSeconds', exportMs / 1000);
  const peak = peakMb(pid);
  record('exportPeakMemoryMb', peak);
  notes.push(`export : ${(size / 1024 / 1024).toFixed(1)} Mo, mémoire résidente du serveur avant ${rssBefore.toFixed(0)} Mo, pic ${peak.toFixed(0)} Mo`);
}
