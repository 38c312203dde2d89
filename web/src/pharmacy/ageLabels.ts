/** The bands as people read them. */
export const AGE_LABELS: Record<string, string> = {
  '18to25': '18-25 ans',
  '45to50': '45-50 ans',
  '60to65': '60-65 ans',
  '70to75': '70-75 ans',
};
