// The package ships the French strings without a declaration for this path.
declare module 'altcha/i18n/fr-fr';
