// The departments module's public face: other modules and app.ts import only what is listed here.
export {
  findDepartment,
  insertDepartment,
  insertEmployees,
  insertStandardDepartments,
  listDepartments,
} from "./departments.repository.ts";
export { departmentsRoutes } from "./departments.routes.ts";
