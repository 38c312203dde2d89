// The site publishes its plugin; app.siteService is what others call (plugins/webPages.ts).
export { default } from './plugin';
