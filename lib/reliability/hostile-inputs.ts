// Placeholder until the hostile-input generator lands (it reports itself as not yet run).
import type { ReliabilityPart } from "./part";

export const runHostileInputs: ReliabilityPart = async () => ({ figures: {}, failures: ["not built yet"] });
