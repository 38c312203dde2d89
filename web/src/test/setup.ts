import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { flowStore } from '../patient/flowStore';
import { resetPharmacyCache } from '../patient/usePharmacy';
import { resetSiteConfigCache } from '../site/useSiteConfig';

// A screen waited for (findBy…, waitFor) may come late on a busy machine: a lazy chunk's first
// transform, or a page's questions a frame after its heading. Waiting longer changes no verdict,
// only how long a failing test takes to say so.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling is a no-op there instead of a "not implemented" error.
window.scrollTo = () => undefined;

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

// The web files share one module graph (vitest.config.ts): what a module keeps for the tab's
// life starts empty in every test, as in a fresh tab.
beforeEach(() => {
  resetSiteConfigCache();
  resetPharmacyCache();
  flowStore.reset();
  for (const item of notifications.snapshot()) notifications.dismiss(item.id);
});
