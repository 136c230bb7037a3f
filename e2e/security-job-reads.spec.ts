// A job's own token reads its own experiment and its own job, nothing else (issue 13, finding 4). Two
// experiments are posted (the example batch of every event type, twice); a real job is launched in one,
// prints its token and waits; with that token every read route answers for its own experiment, answers 404
// for the other experiment's records (exactly as for an id that does not exist), and lists leave the other
// experiment — and the reference data's experiments — out. The jobs are cancelled at the end.
import { exampleEvents } from "../lib/events/examples";
import { test, expect, bearer } from "./fixtures";

const P = `e2e-sec-reads-${Date.now()}`;
const MINE = `${P}-mine`;
const OTHER = `${P}-other`;
const TEMPLATE = `${P}-wait`;
/** Prints its token, then stays alive (a job's token is revoked when the job ends) until cancelled. */
const JOB_CODE = `console.log("job-token=" + process.env.HARNESS_LAB_TOKEN); setTimeout(() => {}, 170000);`;

/** A record route, by side: "mine", "other", or an id that does not exist. */
const RECORDS: Record<string, (prefix: string) => string> = {
  experiment: (p) => `/api/v1/experiments/${p}-exp`,
  "harness version": (p) => `/api/v1/harness-versions/${p}-h1`,
  "run metrics": (p) => `/api/v1/runs/${p}-run/metrics`,
  curves: (p) => `/api/v1/curves?runs=${p}-run`,
  "source file": (p) => `/api/v1/source-files/${p}-src`,
  rollout: (p) => `/api/v1/rollouts/${p}-r-0-0`,
  "find in rollout": (p) => `/api/v1/rollouts/${p}-r-0-0/find?q=function`,
  submission: (p) => `/api/v1/rollouts/${p}-r-0-0/submission`,
  turn: (p) => `/api/v1/rollouts/${p}-r-0-0/turns/1`,
  "raw turn": (p) => `/api/v1/rollouts/${p}-r-0-0/turns/1/raw`,
};

test("a job's token reads its own experiment and job; another experiment's records are 404 and lists omit them", async ({ page, request, anonymousRequest, server }) => {
  test.setTimeout(150_000);
  for (const prefix of [MINE, OTHER]) {
    const posted = await request.post("/api/v1/events", { headers: bearer(server.adminToken), data: exampleEvents(prefix) });
    expect(posted.status(), await posted.text()).toBe(200);
  }
  await page.goto("/settings/job-templates");
  const editor = page.getByRole("form", { name: "New template" });
  await editor.getByLabel("Template id").fill(TEMPLATE);
  const spec = { name: "E2E job reads", kind: "custom", command: ["{node}", "-e", JOB_CODE.replace(/[{}]/g, (c) => c + c)] };
  await editor.getByLabel("Specification (JSON)").fill(JSON.stringify(spec));
  await editor.getByRole("button", { name: "Save template" }).click();
  await expect(editor.getByRole("status")).toHaveText(`Template “${TEMPLATE}” saved.`);
  const launch = async (experiment: string) => {
    const launched = await request.post("/api/v1/jobs", { headers: bearer(server.adminToken), data: { template: TEMPLATE, experiment: `${experiment}-exp` } });
    expect(launched.status(), await launched.text()).toBe(201);
    return ((await launched.json()) as { job: { id: string } }).job.id;
  };
  const myJob = await launch(MINE);
  const otherJob = await launch(OTHER);
  try {
    const logOf = async (id: string) => ((await (await request.get(`/api/v1/jobs/${encodeURIComponent(id)}/log`)).json()) as { text: string }).text;
    await expect.poll(() => logOf(myJob), { timeout: 60_000 }).toMatch(/job-token=hl_/);
    const token = /job-token=(\S+)/.exec(await logOf(myJob))![1];
    const read = async (url: string) => {
      const response = await anonymousRequest.get(url, { headers: bearer(token) });
      return { status: response.status(), text: await response.text() };
    };

    for (const [what, url] of Object.entries(RECORDS)) {
      expect((await read(url(MINE))).status, `its own ${what}`).toBe(200);
      const foreign = await read(url(OTHER));
      const missing = await read(url(`${P}-missing`));
      expect(foreign.status, `another experiment's ${what}`).toBe(404);
      expect(foreign.text.replaceAll(OTHER, `${P}-missing`), `another experiment's ${what} answers like a missing one`).toBe(missing.text);
      // The admin token does read it: the 404 is the job's scope, not a missing record.
      expect((await request.get(url(OTHER), { headers: bearer(server.adminToken) })).status()).toBe(200);
    }

    // Its own job and log; not the other experiment's job.
    expect((await read(`/api/v1/jobs/${myJob}`)).status).toBe(200);
    expect((await read(`/api/v1/jobs/${myJob}/log`)).text).toContain("job-token=");
    expect((await read(`/api/v1/jobs/${otherJob}`)).status).toBe(404);
    expect((await read(`/api/v1/jobs/${otherJob}/log`)).status).toBe(404);

    // Lists: only its own experiment (the reference data's experiments are left out too), and its own job.
    const experiments = JSON.parse((await read("/api/v1/experiments")).text) as { experiments: { id: string }[] };
    expect(experiments.experiments.map((e) => e.id)).toEqual([`${MINE}-exp`]);
    for (const url of ["/api/v1/rollouts", `/api/v1/rollouts?experiment=${OTHER}-exp`, `/api/v1/rollouts?run=${OTHER}-run`, "/api/v1/proposals", `/api/v1/proposals?experiment=${OTHER}-exp`]) {
      const listed = await read(url);
      expect(listed.status, url).toBe(200);
      expect(listed.text, url).not.toContain(OTHER);
    }
    expect((await read("/api/v1/rollouts")).text).toContain(`${MINE}-r-0-0`);
    expect((await read("/api/v1/proposals")).text).toContain(`${MINE}-prop`);
    const jobs = JSON.parse((await read("/api/v1/jobs")).text) as { jobs: { id: string }[] };
    expect(jobs.jobs.map((j) => j.id)).toEqual([myJob]);
  } finally {
    for (const id of [myJob, otherJob]) await request.post(`/api/v1/jobs/${encodeURIComponent(id)}/cancel`, { headers: bearer(server.adminToken) });
  }
});
