// Node flags of the dashboard's server process (npm start, and the bench, which must measure the same).
// A larger young generation: ingestion allocates a few MB per request that die young, and with the
// default 16 MB semi-space V8 scavenges several times per request.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];
