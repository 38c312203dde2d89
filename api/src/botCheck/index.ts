// What the rest of the api may use of the bot check: the feature's plugin (app.botCheck, its
// routes) and the spending of a ticket inside another feature's transaction.
export { default } from './plugin';
export { consumeTicket } from './repository';
