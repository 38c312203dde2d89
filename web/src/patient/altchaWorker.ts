// The bot check's proof of work, off the main thread: a few SHA-256 rounds per counter until the
// derived key starts with the challenge's prefix (altcha-lib's solver, Web Crypto's digest), so a
// slow phone keeps answering taps while it works. One message in (the challenge), one out (the
// solution, or null).
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';
import type { Challenge } from 'altcha-lib/types';

self.onmessage = async (message: MessageEvent<Challenge>) => {
  try {
    self.postMessage(await solveChallenge({ challenge: message.data, deriveKey }));
  } catch {
    self.postMessage(null);
  }
};
