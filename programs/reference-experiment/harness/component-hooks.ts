// Sources of the hooks the component catalogue can add (components.ts says when and why).
// Each is a module exporting { name, run(ctx) } and returns effects (see HookContext / HookEffect in
// types.ts). File names carry a two-digit prefix so hooks of one position run in a deliberate order:
// refusals (10–40) before rewrites (50) before output shaping (90).

export const REFUSE_MALFORMED_EDIT = String.raw`// pre_action: an edit whose operator does not apply to its line would fail and waste the turn. Refuse it
// "for format" instead (the agent is asked again without spending a turn) and list the operators that
// do apply there, so the next attempt can be a valid one.
module.exports = {
  name: "refuse_malformed_edit",
  run: function (ctx) {
    var a = ctx.action;
    if (!a || a.tool !== "edit") return null;
    var n = ctx.api.lineCount();
    if (typeof a.line !== "number" || Math.floor(a.line) !== a.line || a.line < 1 || a.line > n) {
      return { effect: "refuse", format: true, message: "Refused: there is no such line; the file has " + n + " lines." };
    }
    var ops = ctx.api.applicableOperators(a.line);
    if (ops.indexOf(a.operator) >= 0) return null;
    return {
      effect: "refuse",
      format: true,
      message: "Refused: " + a.operator + " does not apply to the chosen line. Operators that apply at line " + a.line + ": " +
        (ops.length > 0 ? ops.join(", ") : "none") + ".",
    };
  },
};
`;

export const REPORT_FAILURES_BEFORE_SUBMIT = String.raw`// pre_action: before a submission, run the visible tests. When some fail, hold the submission back once
// (per state of the file) and show the failures; the turn is spent, but on the evidence. A second
// submit of the same file goes through: the agent may know better.
module.exports = {
  name: "report_failures_before_submit",
  run: function (ctx) {
    var a = ctx.action;
    if (!a || a.tool !== "submit") return null;
    var results = ctx.api.runVisibleTests();
    var failed = results.filter(function (r) { return !r.passed; }).length;
    if (failed === 0) return { effect: "observe", message: "all " + results.length + " visible tests pass; submitting" };
    var key = ctx.api.diff();
    if (ctx.state.heldBack === key) return { effect: "observe", message: failed + " visible tests still fail; submitting as asked" };
    ctx.state.heldBack = key;
    return {
      effect: "refuse",
      format: false,
      message: "Submission held back: " + failed + " visible test" + (failed === 1 ? "" : "s") + " fail.\n" +
        ctx.api.formatTestReport(results, { failuresOnly: true }) + "\nFix them, or submit again to submit anyway.",
    };
  },
};
`;

export const VERIFY_BEFORE_SUBMIT = String.raw`// pre_action (the paper's review hook): a submit with no test run since the last edit becomes a test
// run, with a reminder. It catches blind submissions, but costs a turn even when the patch was right.
module.exports = {
  name: "verify_before_submit",
  run: function (ctx) {
    var a = ctx.action;
    if (!a || a.tool !== "submit" || ctx.episode.testRunsSinceEdit > 0) return null;
    return {
      effect: "rewrite",
      action: { tool: "run_tests" },
      message: "Review: nothing was tested since your last edit, so this turn runs the tests instead of submitting. Verify, then submit.",
    };
  },
};
`;

export const LOCALIZE_BEFORE_EDIT = String.raw`// pre_action: refuse an edit at a line that no failure message or search hit has pointed at, and ask
// the agent to localise first. Sounds like discipline; it also blocks edits the agent chose from reading
// the code, and each refusal beyond the re-ask budget costs a turn.
module.exports = {
  name: "localize_before_edit",
  run: function (ctx) {
    var a = ctx.action;
    if (!a || a.tool !== "edit" || !ctx.agent) return null;
    if (ctx.agent.suspiciousLines.indexOf(a.line) >= 0) return null;
    return {
      effect: "refuse",
      format: true,
      message: "Refused: localise before editing. No failure or search hit points at the chosen line yet; search for the failing behaviour first.",
    };
  },
};
`;

export const INJECT_TEST_STATUS = String.raw`// pre_decision: when the agent's context no longer holds the latest test status — long outputs pushed the
// report out, or it predates the last edit — put it back in front of the agent (failures only), or say
// plainly that the last edit is untested. Silent while the agent's context is up to date: every
// injected line also takes room in the context window.
module.exports = {
  name: "inject_test_status",
  run: function (ctx) {
    var run = ctx.api.lastTestRun();
    var agent = ctx.agent;
    if (!run || !agent) return null;
    if (run.editIndex !== ctx.episode.editsMade) {
      if (ctx.state.untestedNoted === ctx.episode.editsMade) return null;
      ctx.state.untestedNoted = ctx.episode.editsMade;
      return { effect: "inject", message: "Test status: no test run since your last edit; run the tests to verify it." };
    }
    var failed = run.results.filter(function (r) { return !r.passed; }).length;
    var known = agent.failingTests === failed && (failed === 0 || agent.symptoms.length > 0);
    if (known) return null;
    return {
      effect: "inject",
      message: ctx.api.formatTestReport(run.results, { title: "Test status (turn " + (run.turn + 1) + ", current file):", failuresOnly: true }),
    };
  },
};
`;

export const REPRODUCE_FIRST = String.raw`// episode_init: run the visible tests before the first decision and show the failures, so the agent
// starts from the symptom (expected vs actual) instead of spending a turn to find it.
module.exports = {
  name: "reproduce_first",
  run: function (ctx) {
    var results = ctx.api.runVisibleTests();
    var failed = results.filter(function (r) { return !r.passed; }).length;
    if (failed === 0) return { effect: "observe", message: "the visible tests pass on the original file" };
    return {
      effect: "inject",
      message: ctx.api.formatTestReport(results, { title: "Reproduction on the original file:", failuresOnly: true }),
    };
  },
};
`;

export const STALL_RECOVERY = String.raw`// post_feedback: when STALL turns pass without progress (no new edit, no change in the test outcome, no
// new line pointed at, nothing newly read), run the tests and inject the current failures with a
// recovery hint, so the agent gets back to the evidence instead of repeating itself.
var STALL = 3;
module.exports = {
  name: "stall_recovery",
  run: function (ctx) {
    var s = ctx.state;
    var run = ctx.api.lastTestRun();
    var agent = ctx.agent;
    var outcome = run ? run.editIndex + "/" + run.results.filter(function (r) { return !r.passed; }).length : "none";
    var signature = [ctx.episode.editsMade, outcome, agent ? agent.suspiciousLines.length : 0, agent ? agent.viewed : false].join("|");
    s.idle = s.signature === signature ? (s.idle || 0) + 1 : 0;
    s.signature = signature;
    if (s.idle < STALL) return null;
    s.idle = 0;
    var results = ctx.api.runVisibleTests();
    var failed = results.filter(function (r) { return !r.passed; }).length;
    var status = failed === 0
      ? "The visible tests pass now; if the issue's behaviour is fixed, submit."
      : ctx.api.formatTestReport(results, { title: "Current failures:", failuresOnly: true }) +
        "\nRe-read the failing message, search for the operator it implicates, then edit that line.";
    return { effect: "recover", message: "No progress for " + STALL + " turns (stalled). " + status };
  },
};
`;

export const TRUNCATE_LONG_OUTPUT = String.raw`// post_feedback: an observation over LIMIT characters is shortened where it is redundant — passing tests
// become a count, test code is dropped, search hits beyond the first 8 are counted — so it pushes less
// of the agent's context out. Failure messages and code listings (view, view_diff) are kept whole.
var LIMIT = 300;
module.exports = {
  name: "truncate_long_output",
  run: function (ctx) {
    var text = ctx.observation || "";
    var tool = ctx.action ? ctx.action.tool : "";
    if (text.length <= LIMIT || tool === "view" || tool === "view_diff") return null;
    var kept = [];
    var passed = 0, code = 0, hits = 0, extraHits = 0;
    text.split("\n").forEach(function (line) {
      if (/^PASS "/.test(line)) { passed++; return; }
      if (/^    > /.test(line)) { code++; return; }
      if (/^[\w.\/-]+\.(m?js|ts):\d+: /.test(line)) {
        hits++;
        if (hits > 8) { extraHits++; return; }
      }
      kept.push(line);
    });
    if (passed > 0) kept.push("(" + passed + " passing tests not listed)");
    if (code > 0) kept.push("(" + code + " lines of test code not shown)");
    if (extraHits > 0) kept.push("(" + extraHits + " more matches not shown; use a narrower pattern)");
    var out = kept.join("\n");
    if (out.length > 2 * LIMIT) out = out.slice(0, 2 * LIMIT) + "\n… [cut]";
    if (out.length >= text.length) return null;
    return { effect: "rewrite", observation: out, message: "shortened the output from " + text.length + " to " + out.length + " characters" };
  },
};
`;

export const AGGRESSIVE_OUTPUT_TRUNCATION = String.raw`// post_feedback: cap every observation at LIMIT characters to keep the context small. Plausible — and
// harmful: the cut falls inside the first failure message (hiding expected vs actual) and inside listings.
var LIMIT = 160;
module.exports = {
  name: "aggressive_output_truncation",
  run: function (ctx) {
    var text = ctx.observation || "";
    if (text.length <= LIMIT) return null;
    return { effect: "rewrite", observation: text.slice(0, LIMIT) + " …[truncated]", message: "cut the output from " + text.length + " to " + LIMIT + " characters" };
  },
};
`;

export const AUTO_SUBMIT_ON_GREEN = String.raw`// post_feedback: as soon as a full visible test run passes after an edit, submit — no turn spent on the
// submission. Saves turns; also submits fixes that satisfy the visible tests but not the hidden ones.
module.exports = {
  name: "auto_submit_on_green",
  run: function (ctx) {
    var run = ctx.api.lastTestRun();
    if (!run || !run.full || run.turn !== ctx.episode.turn - 1 || ctx.episode.editsMade === 0) return null;
    if (run.editIndex !== ctx.episode.editsMade) return null;
    if (run.results.some(function (r) { return !r.passed; })) return null;
    ctx.api.submit();
    return { effect: "inject", message: "All visible tests pass after your edit: submitted automatically." };
  },
};
`;

export const REFUSE_UNHELPFUL_EDIT = String.raw`// pre_action: before an edit is applied, run the visible tests on the file as it would be after it (a
// look-ahead; nothing is applied or recorded). An edit that fixes none of the failing visible tests, or
// breaks one that passes, is refused "for format": the agent is asked again without spending a turn and
// the file stays as it was. The agent has no undo, so a guess at the wrong line would otherwise stay in the
// file for a blind submission to hand in. SWE-agent's editor refuses an edit its linter rejects the same
// way; the check here is the visible tests, never the hidden ones.
module.exports = {
  name: "refuse_unhelpful_edit",
  run: function (ctx) {
    var a = ctx.action;
    if (!a || a.tool !== "edit") return null;
    var preview = ctx.api.previewEdit(a.line, a.operator);
    if (!preview) return null;
    var before = {};
    preview.before.forEach(function (r) { before[r.name] = r.passed; });
    var fixed = 0, broke = 0;
    preview.after.forEach(function (r) {
      if (r.passed && before[r.name] === false) fixed++;
      if (!r.passed && before[r.name] !== false) broke++;
    });
    if (fixed > 0 && broke === 0) return null;
    return {
      effect: "refuse",
      format: true,
      message: "Refused: " + (broke > 0 ? "that edit would break " + broke + " passing visible test" + (broke === 1 ? "" : "s") : "that edit would fix none of the failing visible tests") + "; the file is unchanged. Try another place or operator.",
    };
  },
};
`;

export const SUBMIT_AT_TURN_LIMIT = String.raw`// post_feedback: when the agent's last turn is spent and it has not submitted, submit the file as it
// stands. Without it the rollout ends truncated: it scores nothing even when the file is fixed, and the
// paper's update drops it, so a failure in a group with a success is a rollout the trainable rate cannot
// count. Nothing changes before the limit: the agent's turns, including the last, are its own.
module.exports = {
  name: "submit_at_turn_limit",
  run: function (ctx) {
    if (ctx.episode.submitted || ctx.episode.turn < ctx.episode.maxTurns) return null;
    ctx.api.submit();
    return { effect: "inject", message: "Turn limit reached: the file as it stands was submitted." };
  },
};
`;
