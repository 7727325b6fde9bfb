// Public surface of @app/beacon: fetching verified drand rounds from relays, and a local drand-compatible beacon.
export * from './beacon-client.js';
export * from './chain-hash.js';
export * from './chain-info.js';
export * from './local-beacon.js';
