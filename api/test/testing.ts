// What the end-to-end suites of other packages use of the api's test harness: the SMTP sink that
// receives real mail on loopback, and readers of the database and the exported workbook.
export { startSmtpSink, type ReceivedMail } from './smtpSink';
export { readAuditLog, readForm, readWorkbook, readWorkbookCells, type StoredForm } from './readers';
export { insertFormsOf, type ListedPerson } from './reliability/bulkForms';
export { addPharmacyAccount } from './pharmacyAccount';
export { httpCall, identityFor, registerPatient, savePage, submit, typicalPages } from './reliability/patientFlow';
export { ageLoginCodes } from './ageLoginCodes';
export { shortTitle } from '../src/pharmacy/exportWorkbook';
