// Sources of the tools the component catalogue can add (components.ts says when and why).
// Plain JavaScript run by load-harness.ts in a vm realm; the only capabilities are ToolApi calls.

export const RUN_RELATED_TESTS = String.raw`// run_related_tests: run only the visible tests that exercise the function of the last edit, and say
// which of them the edit broke or fixed (compared with the same tests on the file before the edit).
// Shorter than run_tests (no test code, only the related tests) and it names the line that broke them.
function failedCount(results) {
  return results.filter(function (r) { return !r.passed; }).length;
}
module.exports = {
  name: "run_related_tests",
  description: "Run the visible tests related to your last edit; says which test the edit broke or fixed.",
  run: function (api) {
    var names = api.visibleTestNames();
    var edit = api.lastEdit();
    if (!edit) {
      var all = api.runVisibleTests();
      return { output: api.formatTestReport(all, { title: "No edit yet: ran every visible test." }), returnCode: failedCount(all) > 0 ? 1 : 0 };
    }
    var fn = api.enclosingFunction(edit.line);
    var related = names.filter(function (n) {
      var code = api.visibleTestCode(n) || "";
      return fn !== null && code.indexOf(fn + "(") >= 0;
    });
    if (related.length === 0) related = names.slice();
    var now = api.runTests(related);
    var before = api.testsBeforeLastEdit(related) || [];
    var was = {};
    before.forEach(function (r) { was[r.name] = r.passed; });
    var notes = [];
    now.forEach(function (r) {
      if (!r.passed && was[r.name] === true) notes.push("BROKEN by the edit at line " + edit.line + ": " + JSON.stringify(r.name));
      if (r.passed && was[r.name] === false) notes.push("FIXED by the edit at line " + edit.line + ": " + JSON.stringify(r.name));
    });
    var title = related.length + " of " + names.length + " visible tests exercise " + (fn || "the edited code") + ".";
    var out = api.formatTestReport(now, { title: title });
    if (notes.length > 0) out += "\n" + notes.join("\n");
    return { output: out, returnCode: failedCount(now) > 0 ? 1 : 0 };
  },
};
`;

export const VIEW_DIFF = String.raw`// view_diff: the unified diff of the edits so far, so the agent can check what it changed.
module.exports = {
  name: "view_diff",
  description: "Show the diff of your edits so far.",
  run: function (api) {
    var diff = api.diff();
    if (!diff) return { output: "No changes yet.", returnCode: 0 };
    var edits = api.edits();
    var head = edits.length + " edit" + (edits.length === 1 ? "" : "s") + " so far:";
    return { output: head + "\n" + diff.replace(/\n$/, ""), returnCode: 0 };
  },
};
`;
