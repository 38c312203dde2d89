// What the rest of the api may use of the patient feature: its plugin (app.patientService's
// findRecord, app.signPatientToken, the patient guard) and these.
export { default } from './plugin';
export { sealSocialSecurityNumbers } from './sealSocialSecurityNumbers';
export { ssnSealer, ssnSealerOf, type SsnSealer } from './ssnSealer';
