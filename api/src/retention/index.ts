// The retention purge: its plugin (at start, then daily).
export { default } from './plugin';
