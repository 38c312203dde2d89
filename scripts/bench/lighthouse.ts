// Lighthouse (npm) on the public pages, mobile preset with simulated throttling, in Debian's
// Chromium (never a downloaded browser): the performance score and the LCP of each page.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { notes, record } from './report';

/** The pages measured, with the figure keys of bench/budgets.json. */
const PAGES = [
  { path: '/', score: 'lighthouseHomeScore', lcp: 'lighthouseHomeLcpMs' },
  { path: '/pharmacie-demo/userform', score: 'lighthouseRegistrationScore', lcp: 'lighthouseRegistrationLcpMs' },
  {
    path: '/formulaire/test/parts45to50/general',
    score: 'lighthouseQuestionnaireScore',
    lcp: 'lighthouseQuestionnaireLcpMs',
  },
] as const;

export async function measureLighthouse(baseUrl: string): Promise<void> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    for (const page of PAGES) {
      const run = async () =>
        (
          await lighthouse(`${baseUrl}${page.path}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
          })
        )?.lhr;
      let lhr = await run();
      // A trace that failed to record (NO_NAVSTART, seen on a fresh browser's first page) is run once more, as Lighthouse asks.
      if (lhr?.runtimeError) {
        notes.push(`lighthouse ${page.path} : ${lhr.runtimeError.code}, mesure reprise une fois`);
        lhr = await run();
      }
      if (!lhr) throw new Error(`lighthouse gave no result for ${page.path}`);
      if (lhr.runtimeError)
        notes.push(`lighthouse ${page.path} : ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      for (const warning of lhr.runWarnings) notes.push(`lighthouse ${page.path} : ${String(warning)}`);
      record(page.score, (lhr.categories.performance?.score ?? 0) * 100);
      record(page.lcp, lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
      const fcp = lhr.audits['first-contentful-paint']?.numericValue ?? NaN;
      const tbt = lhr.audits['total-blocking-time']?.numericValue ?? NaN;
      notes.push(
        `lighthouse ${page.path} : FCP ${Math.round(fcp)} ms, TBT ${Math.round(tbt)} ms, ${lhr.runWarnings.length} avertissement(s)`,
      );
    }
  } finally {
    chrome.kill();
  }
}
