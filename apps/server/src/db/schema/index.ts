export * from "./activities.ts";
export * from "./auth.ts";
export * from "./companies.ts";
export * from "./conversations.ts";
export * from "./customers.ts";
export * from "./departments.ts";
export * from "./sales.ts";
export * from "./tasks.ts";
