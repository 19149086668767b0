// What the Sentry SDKs may collect by themselves (their `dataCollection` option), for the server and the
// browser alike: nothing about the user, no cookies, headers, bodies, database values, queue arguments,
// model prompts or local variables. What does get collected (query strings, messages) is cleaned by
// scrubEvent before it leaves.
export const ERROR_TRACKING_DATA_COLLECTION = {
  userInfo: false,
  cookies: false,
  httpHeaders: false,
  httpBodies: [] as never[],
  urlQueryParams: true,
  databaseQueryData: false,
  queues: false,
  genAI: { inputs: false, outputs: false },
  mcp: { inputs: false, outputs: false },
  graphQL: { document: false, variables: false },
  stackFrameVariables: false,
};
