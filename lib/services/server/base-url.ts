// The address people use to reach this server, for links printed to the console.
export function serverBaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.HARNESS_LAB_PUBLIC_URL) return env.HARNESS_LAB_PUBLIC_URL.replace(/\/+$/, "");
  const host = env.HOST ?? "127.0.0.1";
  // 0.0.0.0 / :: are listen addresses, not places a browser can go.
  const shown = host === "0.0.0.0" || host === "::" ? "localhost" : host.includes(":") ? `[${host}]` : host;
  return `http://${shown}:${env.PORT ?? "3000"}`;
}
