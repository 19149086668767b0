// The companies module's public face: other modules and app.ts import only what is listed here.
export { type Caller, mayApprove, requireApprover } from "./approver.ts";
export {
  anyCompanyExists,
  type CompanyRow,
  deleteMembership,
  findCompanyClock,
  insertCompany,
  insertMembership,
  updateMembershipRole,
} from "./companies.repository.ts";
export { companiesRoutes } from "./companies.routes.ts";
export {
  clearCompanyDeletion,
  findCompaniesDueForPurge,
  findCompaniesWithRetention,
  findCompanyOwners,
  findCompanyPrivacy,
  markCompanyForDeletion,
  purgeCompany,
  updateRetentionDays,
} from "./company-privacy.repository.ts";
export { companySettingsRoutes } from "./company-settings.routes.ts";
export { companyLogoRoutes } from "./logo/logo.routes.ts";
export { logoFilesRoutes } from "./logo/logo-files.routes.ts";
export { UserAccessCache } from "./user-access-cache.ts";
