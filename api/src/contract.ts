// Types of the api's JSON answers that the web reads as they are (type-only: nothing of the api
// reaches the browser bundle).
export type { LegalFacts, Pricing } from './config';
