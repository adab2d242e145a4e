// The free allowance the API bench's second app counts: the service's default of 120 requests a minute per visitor,
// behind one trusted proxy (a load balancer) whose X-Forwarded-For names the visitor. Its own module, so the bench's
// client can read it without loading the server process's module (which runs the server when loaded).
export const BENCH_ALLOWANCE = { perMinute: 120, trustedProxies: 1 };
