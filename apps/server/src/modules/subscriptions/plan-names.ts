/** Plan names as the catalogue and the e-mails name them (brand names, the same in every language). */
export const PLAN_DISPLAY_NAMES: Record<string, string> = {
  BASIC: 'Basic', CLINIC: 'Clinic', CORE: 'Core', DEPARTMENT: 'Department', EDUCATION: 'Education', EMS: 'EMS',
  ENTERPRISE_SECURITY: 'Enterprise Security', ENTERPRISE_WORKFLOW: 'Enterprise Workflow', GOVERNMENT: 'Government', HOSPITAL: 'Hospital',
  INDIVIDUAL: 'Pro', INDIVIDUAL_FOREVER: 'Pro Forever', MEDICAL_SCHOOL: 'Medical School', PRO_CUSTOM: 'Pro Custom',
  PRO_THREE_YEAR: 'Pro 3-Year', PRO_TRIAL: 'Pro Trial', RENTAL: 'Rental', RESIDENCY_PROGRAM: 'Residency Program', TEAM: 'Team',
};
