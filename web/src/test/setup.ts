import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { notifications } from '../notifications/notificationStore';
import { flowStore } from '../patient/flowStore';
import { resetPharmacyCache } from '../patient/usePharmacy';
import { resetSiteConfigCache } from '../site/useSiteConfig';

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
