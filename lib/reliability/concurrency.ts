// Placeholder until the concurrency part lands (it reports itself as not yet run).
import type { ReliabilityPart } from "./part";

export const runConcurrency: ReliabilityPart = async () => ({ figures: {}, failures: ["not built yet"] });
