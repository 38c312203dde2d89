// The admin publishes nothing but its plugin.
export { default } from './plugin';
