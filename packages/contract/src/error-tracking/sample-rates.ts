// Error tracking's sampling, as the spec states it: every trace, a tenth of browser sessions replayed,
// and every session in which an error happens.

/** Share of requests and page loads whose trace is sent. */
export const TRACES_SAMPLE_RATE = 1;
/** Share of browser sessions recorded as a replay from the start. */
export const REPLAYS_SESSION_SAMPLE_RATE = 0.1;
/** Share of the other sessions whose replay is sent once an error happens in them. */
export const REPLAYS_ON_ERROR_SAMPLE_RATE = 1;
