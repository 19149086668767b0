export * from "./auth.ts";
export * from "./companies.ts";
export * from "./departments.ts";
export * from "./sales.ts";
