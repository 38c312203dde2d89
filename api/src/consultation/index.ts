// What the rest of the api may use of the consultation: its plugin.
export { default } from './plugin';
