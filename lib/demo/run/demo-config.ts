// The sizes of the reference experiment. "default" follows the paper's shape at CPU scale (46 comparison
// tasks × 4 rollouts per side, up to 5 rounds per epoch, 2 epochs, 3 evaluation repeats); "small" is the
// same program shrunk for tests and quick looks.
export type DemoSize = "small" | "default";

export interface DemoConfig {
  size: DemoSize;
  seed: number;
  epochs: number;
  stepsPerEpoch: number;
  tasksPerStep: number;
  /** K: rollouts per task per training step (a GRPO group). */
  rolloutsPerTask: number;
  roundsPerEpoch: number;
  comparisonRolloutsPerTask: number;
  preparationTasks: number;
  evalRepeats: number;
  trainMaxTurns: number;
  /** Evaluation allows longer episodes, as the paper's 150 turns vs 60 in training. */
  evalMaxTurns: number;
  temperature: number;
  learningRate: number;
  /** Training steps after which a checkpoint is recorded (the last one is always recorded). */
  checkpointEvery: number;
  /** Harness-R1: engineer GRPO steps, failure packets per step, patches per packet (K = 8), tasks per batch. */
  engineerSteps: number;
  packetsPerStep: number;
  patchesPerPacket: number;
  packetTasks: number;
  engineerLearningRate: number;
}

export function demoConfig(size: DemoSize, seed: number): DemoConfig {
  const common = {
    seed, size, epochs: 2, rolloutsPerTask: 4, comparisonRolloutsPerTask: 4, evalRepeats: 3, temperature: 1, learningRate: 0.1,
    patchesPerPacket: 8, engineerLearningRate: 0.5,
  };
  if (size === "small") {
    return { ...common, stepsPerEpoch: 3, tasksPerStep: 6, roundsPerEpoch: 2, preparationTasks: 8, trainMaxTurns: 10, evalMaxTurns: 14, checkpointEvery: 3,
      engineerSteps: 2, packetsPerStep: 2, packetTasks: 6 };
  }
  return { ...common, stepsPerEpoch: 12, tasksPerStep: 16, roundsPerEpoch: 5, preparationTasks: 24, trainMaxTurns: 12, evalMaxTurns: 18, checkpointEvery: 6,
    engineerSteps: 4, packetsPerStep: 3, packetTasks: 10 };
}
