// Next.js calls register() once when the server starts: migrations and first-run setup happen here,
// before the first request, not lazily inside one.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServer } = await import("./lib/services/server/startup");
  startServer();
}
