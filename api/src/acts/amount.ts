// The act « Mon bilan prévention » (code RDP) and its amount by the pharmacy's department (D44):
// 30,00 € in mainland France and Corsica, 31,50 € in the overseas departments 971 to 976.

export const ACT_CODE = 'RDP';

/** The departments a pharmacy may give: 01 to 95 (2A and 2B for Corsica, no 20), 971 to 976. */
const DEPARTMENT = /^(0[1-9]|1\d|2[1-9AB]|[3-8]\d|9[0-5]|97[1-6])$/;

/** A department as typed (« 2a », « 75 », « 971 ») in its written form, or null when it is none. */
export function departmentOf(typed: string): string | null {
  const d = typed.trim().toUpperCase();
  return DEPARTMENT.test(d) ? d : null;
}

/** The act's amount in cents for a department. */
export function amountCentsOf(department: string): number {
  return /^97[1-6]$/.test(department) ? 3150 : 3000;
}

/** « 30,00 € » */
export function euros(cents: number): string {
  return `${(cents / 100).toFixed(2).replace('.', ',')}\u00a0€`;
}
