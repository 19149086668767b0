// The jobs module's public face: other modules and app.ts import only what is listed here.
export {
  type CompanyJobRow,
  companyJobHandler,
  JOB_MAX_ATTEMPTS,
  type JobHandler,
  type JobQueue,
} from "./job-queue.ts";
export { jobsPlugin } from "./jobs.plugin.ts";
