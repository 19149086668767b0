import { z } from "zod";

export const departmentSchema = z.object({
  id: z.string(),
  name: z.string(),
  aiEmployeesCount: z.number().int(),
  sortOrder: z.number().int(),
  isActive: z.boolean(),
  avatarUrl: z.string().nullable(),
});
export type Department = z.infer<typeof departmentSchema>;

export const departmentListSchema = z.array(departmentSchema);
