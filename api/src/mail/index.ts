// What the rest of the api may use of the mail: the feature's plugin (app.mailer, the queue) and
// these: the messages, and the values of a queued row for a feature that queues one inside its own
// transaction.
export { default } from './plugin';
export { accountEmails, capReachedEmail, demoEmail, patientConfirmation, pharmacyNotification } from './messages';
export { queuedEmailValues, type OutgoingEmail } from './repository';
