/**
 * The api suites that run a second time on PostgreSQL (the api-postgres project of
 * vitest.config.ts, TEST_DATABASE=postgres): those that build the app for a test (buildTestApp,
 * eachAppWithPharmacyLogin, buildApp), whose database TEST_DATABASE chooses. The others run once:
 * pure functions, suites that open a database of their own, servers started as processes, and
 * the files named *.sqlite.test.ts, which prove what only SQLite has (its file, pragmas, online
 * backup, group commit, migrations of its first release). A new suite that builds the app goes
 * here or is named *.sqlite.test.ts: postgresSuites.test.ts fails until it is one or the other.
 */
export const POSTGRES_SUITES: readonly string[] = [
  'api/src/accounts/createAdmin.test.ts',
  'api/src/accounts/lockout.test.ts',
  'api/src/accounts/loginLimiter.test.ts',
  'api/src/accounts/resendCode.test.ts',
  'api/src/accounts/routes.test.ts',
  'api/src/admin/routes.test.ts',
  'api/src/app.test.ts',
  'api/src/backup/restoreDrill.test.ts',
  'api/src/botCheck/routes.test.ts',
  'api/src/db/jobLeases.test.ts',
  'api/src/demo/devTools.test.ts',
  'api/src/demo/routes.test.ts',
  'api/src/mail/noTokenInUrl.test.ts',
  'api/src/mail/queue.test.ts',
  'api/src/mail/secretsAtRest.test.ts',
  'api/src/openApi.test.ts',
  'api/src/patient/answerRefusals.test.ts',
  'api/src/patient/finishedForm.test.ts',
  'api/src/patient/routes.test.ts',
  'api/src/patient/resume.test.ts',
  'api/src/patient/saveRace.test.ts',
  'api/src/patient/sendEmail.test.ts',
  'api/src/pharmacy/backfillTriage.test.ts',
  'api/src/pharmacy/exportInjection.test.ts',
  'api/src/pharmacy/routes.test.ts',
  'api/src/plugins/access.test.ts',
  'api/src/plugins/clientAddress.test.ts',
  'api/src/plugins/rateLimitStore.test.ts',
  'api/src/plugins/safeText.test.ts',
  'api/src/privateFiles.test.ts',
  'api/src/questionnaire/largestPageBody.test.ts',
  'api/src/reports/routes.test.ts',
  'api/src/reports/storedPdfs.test.ts',
  'api/src/retention/purge.test.ts',
  'api/src/secrets.test.ts',
  'api/src/server.test.ts',
  'api/src/shared/text/textInput.test.ts',
  'api/src/site/routes.test.ts',
  'api/test/reliability/fuzzAccountRoutes.test.ts',
  'api/test/reliability/fuzzPatientRoutes.test.ts',
];
