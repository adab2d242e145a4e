// Health reads of the API, over the health read model (projections/health: the scorer's latest check per coin).
export { latestHealthCheck, type HealthCheck } from '../../projections/health/queries.js';
