// Types for the fake's Graph operations (fake-graph-operations.mjs): its routing and handlers.
import type { FakeGraphApi, Operation, WireTemplate } from "./fake-graph-api.mjs";

/** What a handler gets from the request. */
export type OperationRequest = {
  id: string | undefined;
  url: URL;
  query: Record<string, string>;
  body: unknown;
  /** The token's grant; null for operations that take none. */
  grant: { token: string; wabaId: string } | null;
};

export type OperationAnswer =
  | { status: number; json: unknown }
  | { status: number; raw: string | Buffer; headers: Record<string, string> };

export declare const WITHOUT_TOKEN: ReadonlySet<Operation>;
export declare const OPERATIONS: readonly Operation[];
export declare const handlers: Record<
  Operation,
  (fake: FakeGraphApi, request: OperationRequest) => OperationAnswer | Promise<OperationAnswer>
>;
export declare function routeOf(
  fake: FakeGraphApi,
  method: string,
  pathname: string,
): { operation: Operation; id?: string };
export declare function toWire(template: {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  rejectedReason: string;
  components: unknown[];
}): WireTemplate;
