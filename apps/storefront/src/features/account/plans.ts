import type { PlanType } from '../../graphql/generated.ts';

/** Plan names as the catalogue names them (brand names, the same in every language). */
export const PLAN_NAMES: Record<PlanType, string> = {
  BASIC: 'Basic', CLINIC: 'Clinic', CORE: 'Core', DEPARTMENT: 'Department', EDUCATION: 'Education', EMS: 'EMS',
  ENTERPRISE_SECURITY: 'Enterprise Security', ENTERPRISE_WORKFLOW: 'Enterprise Workflow', GOVERNMENT: 'Government', HOSPITAL: 'Hospital',
  INDIVIDUAL: 'Pro', INDIVIDUAL_FOREVER: 'Pro Forever', MEDICAL_SCHOOL: 'Medical School', NONE: '—', PRO_CUSTOM: 'Pro Custom',
  PRO_THREE_YEAR: 'Pro 3-Year', PRO_TRIAL: 'Pro Trial', RENTAL: 'Rental', RESIDENCY_PROGRAM: 'Residency Program', TEAM: 'Team',
};
