// The shape of each exported event: the producer's form of the contract (what a file in the log holds).
import type { EventType, HarnessLabEventInput } from "../../events/contract";

export type EventInput<T extends EventType> = Extract<HarnessLabEventInput, { type: T }>;
