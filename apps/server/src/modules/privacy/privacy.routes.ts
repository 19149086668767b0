import {
  canManage,
  companyDeletionRequestSchema,
  DELETION_OWNER_ONLY,
  dataExportSchema,
  EXPORT_OWNER_ONLY,
  MANAGER_ROLE_REQUIRED,
  privacyPatchSchema,
  privacySettingsSchema,
} from "@foreman/contract";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { httpError } from "#server/lib/http-error.ts";
import { companyOf, pathCompanyId } from "#server/plugins/company-scope.ts";
import { errorResponses } from "#server/plugins/openapi.ts";
import { restoreCompany, scheduleDeletion } from "./company-deletion.service.ts";
import { downloadExport, getExport, requestExport } from "./data-exports.service.ts";
import { changeRetention, getPrivacy, type PrivacyCaller } from "./privacy.service.ts";

const tags = ["privacy"];
const exportParams = z.object({ id: z.string() });
const companyParams = z.object({ companyId: z.string() });

const callerOf = (request: FastifyRequest): PrivacyCaller => {
  const { id, role } = companyOf(request);
  return { companyId: id, role, userId: request.user!.id };
};

// Role checks run before the body is validated: a caller who may not act learns nothing from the input.
const ownersOnly = (message: string) => async (request: FastifyRequest) => {
  if (companyOf(request).role !== "owner") throw httpError(403, "forbidden", message);
};
// A path naming another company than X-Company-ID is the same 404 as a company the caller is not in.
const samePathCompany = async (request: FastifyRequest) => {
  pathCompanyId(request, (request.params as { companyId: string }).companyId);
};
const managersOnly = async (request: FastifyRequest) => {
  if (!canManage(companyOf(request).role)) throw httpError(403, "forbidden", MANAGER_ROLE_REQUIRED);
};

export const privacyRoutes: FastifyPluginAsyncZod = async (app) => {
  const deletionDeps = { db: app.db, jobs: app.jobs, events: app.events, config: app.config };

  app.get(
    "/app/privacy.json",
    {
      schema: {
        tags,
        summary: "The company's privacy settings (every member may read them)",
        description:
          "retention_days: conversations whose last activity is older are deleted nightly (null: kept forever). deletion_scheduled_for: when the company will be purged (null: not scheduled). exports: the latest 5 data exports, newest first; only owners get a download_url, and only while the export is ready and its 24-hour link has not run out.",
        response: { 200: privacySettingsSchema },
      },
    },
    async (request) => getPrivacy(app.db, callerOf(request), new Date()),
  );

  app.patch(
    "/app/privacy.json",
    {
      preValidation: managersOnly,
      schema: {
        tags,
        summary: "Set how long conversations are kept (owners and admins)",
        description:
          "retention_days: a whole number of days from 1 to 3650, or null to keep conversations forever. The nightly sweep deletes the conversations (with their messages and files) whose last activity is older, and logs how many. A member gets 403 and nothing changes; the change is in the activity log.",
        body: privacyPatchSchema,
        response: { 200: privacySettingsSchema, ...errorResponses(403) },
      },
    },
    async (request) => changeRetention(app.db, callerOf(request), request.body, new Date()),
  );

  app.post(
    "/app/data_exports.json",
    {
      preValidation: ownersOnly(EXPORT_OWNER_ONLY),
      schema: {
        tags,
        summary: "Export all of the company's data (owners)",
        description:
          "Answers 202 with the export, queued; a job writes a zip of a JSON and a CSV file per table, with the files, and a README.txt. Poll GET /app/data_exports/{id}.json for its progress. One export at a time per company: 409 while one is queued or running. Admins and members get 403.",
        response: { 202: dataExportSchema, ...errorResponses(403, 409) },
      },
    },
    async (request, reply) => reply.code(202).send(await requestExport(app, callerOf(request), new Date())),
  );

  app.get(
    "/app/data_exports/:id.json",
    {
      schema: {
        tags,
        summary: "One data export: its state and progress",
        description:
          "state (queued, running, ready, failed), progress (0–100) and step (the table being written). Owners get download_url while it can be downloaded. Another company's export is a 404.",
        params: exportParams,
        response: { 200: dataExportSchema },
      },
    },
    async (request) => getExport(app.db, callerOf(request), request.params.id, new Date()),
  );

  app.get(
    "/app/data_exports/:id/download",
    {
      preValidation: ownersOnly(EXPORT_OWNER_ONLY),
      schema: {
        tags,
        summary: "Download a data export's zip (owners)",
        description:
          "Answers application/zip as an attachment while the export is ready, for 24 hours after it was written; then 410 gone, and the archive is erased. Not ready yet: 409. Admins and members get 403; another company's export is a 404.",
        params: exportParams,
        // Binary: Fastify sends the Buffer as it is; the schema only documents the status.
        response: { 200: z.any().describe("The zip archive (application/zip)"), ...errorResponses(403, 409, 410) },
      },
    },
    async (request, reply) => {
      const { fileName, archive } = await downloadExport(app.db, callerOf(request), request.params.id, new Date());
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", `attachment; filename="${fileName}"`)
        .header("cache-control", "no-store")
        .send(Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength));
    },
  );

  app.post(
    "/app/companies/:companyId/deletion.json",
    {
      preValidation: [samePathCompany, ownersOnly(DELETION_OWNER_ONLY)],
      schema: {
        tags,
        summary: "Delete the company, after a 7-day grace period (owners)",
        description:
          "confirm: the company's name, typed exactly (400 naming confirm otherwise). The company keeps working for 7 days, every member sees when it will be deleted, every owner gets a mail, and any owner can restore it (DELETE). Then the company and everything in it, files included, is purged; its users' accounts stay. 409 when a deletion is already scheduled. Admins and members get 403.",
        params: companyParams,
        body: companyDeletionRequestSchema,
        response: { 200: privacySettingsSchema, ...errorResponses(403, 409) },
      },
    },
    async (request) => scheduleDeletion(deletionDeps, callerOf(request), request.body, new Date()),
  );

  app.delete(
    "/app/companies/:companyId/deletion.json",
    {
      preValidation: [samePathCompany, ownersOnly(DELETION_OWNER_ONLY)],
      schema: {
        tags,
        summary: "Restore a company scheduled for deletion (owners, within the grace period)",
        description:
          "Calls off the scheduled deletion; every owner gets a mail. 409 when no deletion is scheduled or the grace period is over. Admins and members get 403.",
        params: companyParams,
        response: { 200: privacySettingsSchema, ...errorResponses(403, 409) },
      },
    },
    async (request) => restoreCompany(deletionDeps, callerOf(request), new Date()),
  );
};
