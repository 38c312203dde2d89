// What the rest of the api may use of the accounts: the feature's plugin and these functions.
// Anything else in accounts/ is its own (lint: bilan/api-features).
export { default } from './plugin';
export { ADMIN_LINK_TTL_MS, createAdmin } from './createAdmin';
export { invitationStatus } from './invitations';
export { normalizeEmail } from './normalizeEmail';
export { newSecretToken } from './secretToken';
export { seedDatabase } from './seed';
