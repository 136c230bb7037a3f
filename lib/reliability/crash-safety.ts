// Placeholder until the crash-safety part lands (it reports itself as not yet run).
import type { ReliabilityPart } from "./part";

export const runCrashSafety: ReliabilityPart = async () => ({ figures: {}, failures: ["not built yet"] });
