import { customType } from "drizzle-orm/pg-core";

// Its own file so that companies.ts can use it without importing columns.ts, which imports companies.ts.

/** File bytes. Drizzle has no bytea builder; both drivers take and give a Uint8Array (pg: a Buffer). */
export const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});
