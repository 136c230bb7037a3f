// One small experiment whose producer-written text is hostile markup — in a task title, a proposal's title,
// problem and rationale, turn content, reasoning, observations, hook messages and a harness file — plus
// enough train rollouts for a run's curves. The security specs render it and prove none of it runs.
import { exampleEvents } from "../lib/events/examples";
import type { HarnessLabEventInput } from "../lib/events/contract";

export const P = "e2e-security";

/** Each payload would run a script (and open a dialog) if it ever reached the page as HTML. */
export const PAYLOADS = {
  script: "<script>window.__pwned=1;alert('script')</script>",
  img: `<img src=x onerror="window.__pwned=2;alert('img')">`,
  svg: `<svg onload="window.__pwned=3;alert('svg')"></svg>`,
} as const;

export const IDS = {
  experiment: `${P}-exp`,
  run: `${P}-run`,
  task: `${P}-task-a`,
  rollout: `${P}-r-0-0`,
  proposal: `${P}-prop`,
};

export const TASK_TITLE = `Task ${PAYLOADS.img}`;
export const PROPOSAL_TITLE = `Proposal ${PAYLOADS.script}`;

const hostileTurns = [
  { role: "system" as const, content: `System ${PAYLOADS.svg}` },
  {
    role: "assistant" as const,
    content: `Content ${PAYLOADS.script}`,
    reasoning: `Reasoning ${PAYLOADS.img}`,
    action: { tool: "bash", command: `echo '${PAYLOADS.script}'` },
    observation: `Observation ${PAYLOADS.img}`,
    return_code: 0,
    hooks: [{ position: "pre_decision" as const, hook: "inject_test_status", effect: "inject" as const, message: `Hook ${PAYLOADS.svg}` }],
  },
];

export function hostileEvents(): HarnessLabEventInput[] {
  const events = exampleEvents(P, `Security ${PAYLOADS.svg}`).map((event): HarnessLabEventInput => {
    switch (event.type) {
      case "task":
        return event.id === IDS.task ? { ...event, title: TASK_TITLE } : event;
      case "proposal":
        return { ...event, title: PROPOSAL_TITLE, problem: `Problem ${PAYLOADS.img}`, rationale: `Rationale ${PAYLOADS.svg}` };
      case "rollout":
        return event.id === IDS.rollout ? { ...event, turns: hostileTurns } : event;
      case "harness_version":
        // A modified file (not only an added one), so the diff has insert decorations beside kept lines.
        if (event.label !== "H1") return event;
        return {
          ...event,
          files: event.files.map((f) => (f.path === "tools/bash.py" ? { ...f, content: `def bash(cmd):\n    log("${PAYLOADS.script}")\n    return run(cmd)\n` } : f)),
        };
      default:
        return event;
    }
  });
  // More train steps for the run's curves (the example has one).
  const curves = [0, 2, 3].flatMap((step) =>
    [0, 1].map((k): HarnessLabEventInput => ({
      type: "rollout", id: `${P}-curve-${step}-${k}`, experiment: IDS.experiment, run: IDS.run, task: `${P}-task-b`, harness_version: `${P}-h0`,
      purpose: "train", epoch: 1, step, group: `${P}-cg${step}`, sample_index: k, success: k === 0, reward: k === 0 ? 1 : 0, truncated: false,
      exit_status: "submitted", turns: [],
    })),
  );
  return [...events, ...curves];
}
