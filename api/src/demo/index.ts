// The demo publishes nothing but its plugin.
export { default } from './plugin';
