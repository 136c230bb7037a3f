// The command line of the dashboard's server process, for everything that starts one (npm start, the benches and
// reliability runs, the e2e tests), so they all run the same server: serve-http.mjs with the server's Node flags.
import path from "node:path";
import { SERVER_NODE_FLAGS } from "./node-flags";

/** Arguments for `process.execPath`; `nodeFlags` go before the script (e.g. a CPU profile). */
export function serverCommand(home: string, host: string, port: number | string, nodeFlags: string[] = []): string[] {
  return [...SERVER_NODE_FLAGS, ...nodeFlags, path.join(home, "lib", "services", "server", "serve-http.mjs"), "-H", host, "-p", String(port)];
}
